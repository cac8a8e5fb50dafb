import { fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { newCampaignForm, type TCampaignFormState, type TContactsStepProps } from '../wizard/campaign-form';

/** The contact step tests' form: held like the dialog holds it, the latest state readable. */
export function renderStep(
  Step: ComponentType<TContactsStepProps>,
  initial: Partial<TCampaignFormState>,
  opts: { locked?: boolean; sent?: string[] } = {},
) {
  const latest: { form: TCampaignFormState } = { form: { ...newCampaignForm('2026-05-10'), ...initial } };
  const sentEmails = new Set(opts.sent ?? []);
  function Harness() {
    const [form, setForm] = useState(latest.form);
    latest.form = form;
    return (
      <Step
        form={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        locked={opts.locked ?? false}
        sentEmails={sentEmails}
      />
    );
  }
  render(<Harness />);
  return latest;
}

/** Chooses a file in the file input with this label (jsdom reads it with FileReader). */
export function chooseFile(label: string, name: string, text: string, type = 'text/csv') {
  const file = new File([text], name, { type });
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

export const typeInto = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
