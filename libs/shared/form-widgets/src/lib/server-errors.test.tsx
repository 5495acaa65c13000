import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { addPatientRequestSchema } from '@portal/contract';
import { CountedPickers } from './counted-pickers';
import { PortalForm } from './portal-form';
import { applyServerErrors } from './server-errors';
import { TextField } from './text-field';
import { usePortalForm } from './use-portal-form';
import { YesNoField } from './yes-no-field';

type AnyForm = UseFormReturn<FieldValues, unknown, unknown>;

/** A patient form that hands its form object out, as a page would hold it. */
function PatientForm({ onForm }: { onForm: (form: AnyForm) => void }) {
  const form = usePortalForm(addPatientRequestSchema, {
    defaultValues: {
      patient: { patient_id: 'P100', first_name: 'Malee' },
      patient_chronic_disease: [{ disease_id: 'I001' }, { disease_id: 'I001' }],
    },
  });
  useEffect(() => {
    onForm(form as never);
  }, [form, onForm]);
  return (
    <PortalForm form={form} onSubmit={() => undefined} aria-label="Patient">
      <TextField name="patient.patient_id" label="Patient ID" />
      <TextField name="patient.first_name" label="First Name" />
      <YesNoField name="patient.health_insurance" label="Health Insurance" />
      <CountedPickers name="patient_chronic_disease" kind="disease" countLabel="Chronic diseases" />
    </PortalForm>
  );
}

function renderForm(): AnyForm {
  let captured: AnyForm | undefined;
  render(<PatientForm onForm={(form) => (captured = form)} />);
  if (!captured) throw new Error('the form did not render');
  return captured;
}

describe('applyServerErrors', () => {
  it('places nested, list and flat errors on their fields, focuses the first, keeps the values', () => {
    const form = renderForm();
    let unplaced: string[] = [];
    act(() => {
      unplaced = applyServerErrors(form, [
        { field: 'patient.patient_id', message: 'A patient with this Patient ID already exists' },
        { field: 'patient.health_insurance', message: 'Choose yes or no' },
        { field: 'patient_chronic_disease.1', message: 'Disease I001 is listed twice' },
        { field: 'body', message: 'Something about the whole request' },
        { field: 'patient.address', message: 'Too long' },
      ]);
    });
    const id = screen.getByRole('textbox', { name: 'Patient ID' });
    expect(id).toHaveAccessibleDescription('A patient with this Patient ID already exists');
    expect(id).toHaveFocus();
    expect(id).toHaveValue('P100');
    expect(screen.getByRole('group', { name: 'Health Insurance' })).toHaveAccessibleDescription(
      'Choose yes or no',
    );
    expect(screen.getByRole('combobox', { name: 'Disease 2' })).toHaveAccessibleDescription(
      'Disease I001 is listed twice',
    );
    expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
    expect(unplaced).toEqual(['Something about the whole request', 'patient.address: Too long']);
  });

  it('renames fields through a map and returns nothing when all are placed', () => {
    const form = renderForm();
    let unplaced: string[] = ['not called'];
    act(() => {
      unplaced = applyServerErrors(form, [{ field: 'first_name', message: 'Required' }], {
        fieldMap: { first_name: 'patient.first_name' },
      });
    });
    expect(unplaced).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
      'Required',
    );
  });

  it('places nothing and returns nothing for a problem without field errors', () => {
    const form = renderForm();
    expect(applyServerErrors(form, undefined)).toEqual([]);
  });
});
