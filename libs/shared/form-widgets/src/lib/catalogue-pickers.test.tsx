import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISEASES, DRUGS } from '@portal/reference-data';
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
