import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors } from './form';

const formOf = (values: unknown) => ({ getValues: () => values, setErrors: vi.fn() });

describe('applyServerErrors', () => {
  it('puts each server error under the field it names, nested paths too, and leaves nothing to say', () => {
    const form = formOf({ email: '', contacts: [{ name: '', phone: '' }] });
    const rest = applyServerErrors(
      form,
      new ApiError(400, { message: 'Bad', errors: { email: ['Bad', 'more'], 'contacts.0.phone': ['No'] } }),
    );
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'Bad', 'contacts.0.phone': 'No' });
    expect(rest).toBeNull();
  });

  it('gives back the errors that name no field of the form, for one notice', () => {
    const form = formOf({ email: '' });
    const rest = applyServerErrors(
      form,
      new ApiError(400, { message: 'x', errors: { email: ['Bad'], country: ['Not here'] } }),
    );
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'Bad' });
    expect(rest).toBeInstanceOf(ApiError);
    expect((rest as ApiError).message).toBe('Not here');
    expect((rest as ApiError).errors).toEqual({ country: ['Not here'] });
  });

  it('gives back a failure without field errors as it is', () => {
    const form = formOf({ email: '' });
    const failure = new ApiError(403, { message: 'No' });
    expect(applyServerErrors(form, failure)).toBe(failure);
    expect(form.setErrors).not.toHaveBeenCalled();
  });
});
