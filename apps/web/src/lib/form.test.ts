import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { applyFieldErrors } from './form';

type TForm = { name: string; email: string };

function fakeForm() {
  const errors: Record<string, string | undefined> = {};
  return {
    errors,
    setError: (path: keyof TForm, error: { message: string }) => {
      errors[path] = error.message;
    },
  };
}

describe('applyFieldErrors', () => {
  it('puts the server’s message on the field the form shows and reports it did', () => {
    const form = fakeForm();
    const err = new ApiError(409, 'conflict', 'Duplicate', { email: 'This email is already in use', other: 'x' });
    expect(applyFieldErrors(form, err, ['name', 'email'])).toBe(true);
    expect(form.errors).toEqual({ email: 'This email is already in use' });
  });

  it('leaves the form alone for an error without fields, or with none it shows', () => {
    const form = fakeForm();
    expect(applyFieldErrors(form, new Error('network'), ['name'])).toBe(false);
    expect(applyFieldErrors(form, new ApiError(400, 'bad_request', 'Bad', { other: 'x' }), ['name'])).toBe(false);
    expect(form.errors).toEqual({});
  });
});
