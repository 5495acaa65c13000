import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@portal/i18n';
import { addLocalNames, DISEASES, DRUGS, LOCAL_NAMES } from '@portal/reference-data';
import { DiseasePicker, DrugPicker } from './catalogue-pickers';
import { FormHarness } from './form-harness';

describe('DiseasePicker and DrugPicker', () => {
  it('offer each catalogue entry by id and name, and hold the id', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness>
        <DiseasePicker name="disease" label="Disease" />
        <DrugPicker name="drug" label="Drug" />
      </FormHarness>,
    );
    const disease = screen.getByRole('combobox', { name: 'Disease' });
    const drug = screen.getByRole('combobox', { name: 'Drug' });
    expect(within(disease).getAllByRole('option')).toHaveLength(DISEASES.length + 1);
    expect(within(drug).getAllByRole('option')).toHaveLength(DRUGS.length + 1);
    await user.selectOptions(disease, 'I002 — tuberculosis');
    await user.selectOptions(drug, 'R002 — paracetamol');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"disease":"I002","drug":"R002"}',
      ),
    );
  });
});

describe('the pickers in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('name diseases in Thai and drugs by their English generic names, as clinicians read them', async () => {
    addLocalNames('th', LOCAL_NAMES.th);
    await act(() => activateLocale('th', 'all'));
    render(
      <FormHarness>
        <DiseasePicker name="disease" label="โรค" />
        <DrugPicker name="drug" label="ยา" />
      </FormHarness>,
    );
    const disease = screen.getByRole('combobox', { name: 'โรค' });
    const drug = screen.getByRole('combobox', { name: 'ยา' });
    expect(within(disease).getByRole('option', { name: 'I002 — วัณโรค' })).toBeInTheDocument();
    expect(within(drug).getByRole('option', { name: 'R003 — amoxicillin' })).toBeInTheDocument();
    expect(within(drug).queryByRole('option', { name: /อะม็อกซีซิลลิน/ })).toBeNull();
  });
});
