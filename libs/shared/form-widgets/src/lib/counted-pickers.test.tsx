import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chronicDiseaseListSchema, drugAllergyListSchema } from '@portal/contract';
import { CountedPickers } from './counted-pickers';
import { FormHarness } from './form-harness';

const schema = z.object({
  patient_chronic_disease: chronicDiseaseListSchema,
  patient_drug_allergy: drugAllergyListSchema,
});

function renderPickers(defaultValues = { patient_chronic_disease: [], patient_drug_allergy: [] }) {
  render(
    <FormHarness schema={schema} defaultValues={defaultValues}>
      <CountedPickers name="patient_chronic_disease" kind="disease" countLabel="Chronic diseases" />
      <CountedPickers name="patient_drug_allergy" kind="drug" countLabel="Drug allergies" />
    </FormHarness>,
  );
  return {
    diseaseCount: screen.getByRole('spinbutton', { name: 'Chronic diseases' }),
    drugCount: screen.getByRole('spinbutton', { name: 'Drug allergies' }),
    submitted: () => screen.getByRole('status', { name: 'Submitted values' }),
  };
}

describe('CountedPickers', () => {
  it('starts at 0 with no picker, and cannot go below 0', () => {
    const { diseaseCount } = renderPickers();
    expect(diseaseCount).toHaveValue(0);
    expect(diseaseCount).toHaveAttribute('min', '0');
    expect(diseaseCount).toHaveAttribute('max', '11');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows as many required pickers as the count, labelled in order', async () => {
    const user = userEvent.setup();
    const { diseaseCount, drugCount } = renderPickers();
    await user.clear(diseaseCount);
    await user.type(diseaseCount, '2');
    await user.clear(drugCount);
    await user.type(drugCount, '1');
    expect(
      screen.getAllByRole('combobox').map((c) => c.getAttribute('aria-label') ?? ''),
    ).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Disease 1' })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Disease 2' })).toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Drug allergy 1' })).toBeRequired();
  });

  it('submits the list in the contract shape', async () => {
    const user = userEvent.setup();
    const { diseaseCount, drugCount, submitted } = renderPickers();
    await user.clear(diseaseCount);
    await user.type(diseaseCount, '2');
    await user.clear(drugCount);
    await user.type(drugCount, '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disease 1' }), 'I002');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Disease 2' }), 'I007');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drug allergy 1' }), 'R003');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted()).not.toBeEmptyDOMElement());
    expect(JSON.parse(submitted().textContent ?? '')).toEqual({
      patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }],
      patient_drug_allergy: [{ drug_id: 'R003' }],
    });
  });

  it('removes the last pickers when the count goes down, keeping the first choices', async () => {
    const user = userEvent.setup();
    const { diseaseCount, submitted } = renderPickers({
      patient_chronic_disease: [
        { disease_id: 'I001' },
        { disease_id: 'I004' },
        { disease_id: 'I009' },
      ],
      patient_drug_allergy: [],
    } as never);
    expect(diseaseCount).toHaveValue(3);
    await user.clear(diseaseCount);
    // Clearing the box to type another number keeps the pickers until the number is typed.
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    await user.type(diseaseCount, '1');
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Disease 1' })).toHaveValue('I001');
    await user.tab();
    expect(diseaseCount).toHaveValue(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted()).not.toBeEmptyDOMElement());
    expect(JSON.parse(submitted().textContent ?? '')).toMatchObject({
      patient_chronic_disease: [{ disease_id: 'I001' }],
    });
  });

  it('refuses an empty picker with the contract message on that picker', async () => {
    const user = userEvent.setup();
    const { diseaseCount, submitted } = renderPickers();
    await user.clear(diseaseCount);
    await user.type(diseaseCount, '1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const picker = screen.getByRole('combobox', { name: 'Disease 1' });
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription('Choose a disease from the catalogue');
    expect(submitted()).toBeEmptyDOMElement();
  });

  it('shows a duplicate on the later picker and clears it when the choices differ', async () => {
    const user = userEvent.setup();
    renderPickers({
      patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I002' }],
      patient_drug_allergy: [],
    } as never);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const first = screen.getByRole('combobox', { name: 'Disease 1' });
    const second = screen.getByRole('combobox', { name: 'Disease 2' });
    await waitFor(() => expect(second).toHaveAccessibleDescription('Disease I002 is listed twice'));
    expect(first).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(first, 'I003');
    await waitFor(() => expect(second).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Disease I002 is listed twice')).not.toBeInTheDocument();
  });

  it('goes back to no picker when the form is reset', async () => {
    const user = userEvent.setup();
    const { diseaseCount } = renderPickers();
    await user.clear(diseaseCount);
    await user.type(diseaseCount, '2');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(diseaseCount).toHaveValue(0);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
