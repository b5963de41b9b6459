import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField, bindField } from './form-field.tsx';

// The app is started with hydrateRoot here, as main.tsx does, rather than Testing Library's
// render, which would otherwise tell React that updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let submitted: { email: string; name: string } | undefined;

function TwoFields() {
  const form = useForm({ defaultValues: { email: '', name: 'Rahim' } });
  return (
    <form
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          submitted = values;
        })(event);
      }}
    >
      <TextField label="Email" {...bindField(form, 'email')} />
      <TextField label="Name" {...bindField(form, 'name')} />
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(() => {
  submitted = undefined;
  document.body.innerHTML = '';
});

/** The page as the server drew it, then the app started on it once `typeInto` has run. */
async function startOnServerDrawnPage(typeInto: (fields: HTMLInputElement[]) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<TwoFields />);
  document.body.append(container);
  const fields = [...container.querySelectorAll('input')];
  typeInto(fields);
  await act(async () => {
    hydrateRoot(container, <TwoFields />);
  });
  return { container, fields: [...container.querySelectorAll('input')] };
}

/**
 * A person may type into a form the server drew before the app has started on it: the form's
 * fields (registered with react-hook-form through bindField) keep it, and send it.
 */
describe('a form field on a server-drawn page', () => {
  it('keeps what was typed before the app started, and sends it', async () => {
    const { container, fields } = await startOnServerDrawnPage(([email]) => {
      email!.value = 'buyer@example.com';
    });
    expect(fields[0]!.value).toBe('buyer@example.com');
    await act(async () => {
      container.querySelector('button')!.click();
    });
    expect(submitted).toEqual({ email: 'buyer@example.com', name: 'Rahim' });
  });

  it('fills in the starting values of fields nobody typed into', async () => {
    const { container, fields } = await startOnServerDrawnPage(() => {});
    expect(fields.map((field) => field.value)).toEqual(['', 'Rahim']);
    await act(async () => {
      container.querySelector('button')!.click();
    });
    // The empty email is sent as it is: the form has no rules here.
    expect(submitted).toEqual({ email: '', name: 'Rahim' });
  });

  it('keeps a starting value someone replaced before the app started', async () => {
    const { container } = await startOnServerDrawnPage(([, name]) => {
      name!.value = 'Karim';
    });
    await act(async () => {
      container.querySelector('button')!.click();
    });
    expect(submitted).toEqual({ email: '', name: 'Karim' });
  });
});
