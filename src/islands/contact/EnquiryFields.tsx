/**
 * The enquiry form's fields, each as the visitor meets it: its label, its control, then the
 * function's message about it if it has one. The controls are uncontrolled: React never writes
 * their values, so whatever a visitor typed before hydration stays. Checks are the browser's own
 * (`required`, `type="email"`, `maxlength`); anything subtler comes back from the function.
 */
import type { ReactNode } from 'react';
import type { EnquiryField } from '@/lib/shared/enquiry';
import type { ContactFormProps } from './props';
import type { FieldErrors } from './send-enquiry';

type EnquiryFieldsProps = Pick<ContactFormProps, 'copy' | 'projectTypes' | 'budgetRanges' | 'limits'> & {
  errors: FieldErrors;
};

const fieldId = (name: EnquiryField) => `contact-${name}`;
const errorId = (name: EnquiryField) => `contact-${name}-error`;

export function EnquiryFields(props: EnquiryFieldsProps) {
  const {
    copy: { form: labels },
    errors,
    limits,
  } = props;
  /** The attributes that tie a field to its error message. */
  const describedBy = (name: EnquiryField) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {};
  const controlClass = (name: EnquiryField) =>
    `mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-base ${errors[name] ? 'border-red-700' : 'border-slate-400'}`;
  const fieldError = (name: EnquiryField) =>
    errors[name] && (
      <p id={errorId(name)} className="mt-2 text-sm font-semibold text-red-800">
        {errors[name]}
      </p>
    );
  const choices = (
    name: 'projectType' | 'budgetRange',
    options: readonly { value: string; label: string }[],
  ) => (
    <select id={fieldId(name)} name={name} className={controlClass(name)} {...describedBy(name)}>
      <option value="">{labels.choose}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );

  const field = (name: EnquiryField, control: ReactNode, optional = false) => (
    <div>
      <label htmlFor={fieldId(name)} className="block font-semibold">
        {labels[name]}
        {optional && <span className="font-normal text-muted"> {labels.optional}</span>}
      </label>
      {control}
      {fieldError(name)}
    </div>
  );

  const textField = (
    name: 'name' | 'email' | 'company',
    type: 'text' | 'email',
    autoComplete: string,
    optional = false,
  ) =>
    field(
      name,
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        required={!optional}
        maxLength={limits[name]}
        autoComplete={autoComplete}
        className={controlClass(name)}
        {...describedBy(name)}
      />,
      optional,
    );

  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        {textField('name', 'text', 'name')}
        {textField('email', 'email', 'email')}
      </div>
      {textField('company', 'text', 'organization', true)}
      <div className="grid gap-6 sm:grid-cols-2">
        {field('projectType', choices('projectType', props.projectTypes), true)}
        {field('budgetRange', choices('budgetRange', props.budgetRanges), true)}
      </div>
      {field(
        'message',
        <textarea
          id={fieldId('message')}
          name="message"
          required
          rows={6}
          maxLength={limits.message}
          className={controlClass('message')}
          {...describedBy('message')}
        />,
      )}
    </>
  );
}
