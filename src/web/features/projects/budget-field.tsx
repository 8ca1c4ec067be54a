import { TextField, type TextFieldProps } from '../../components/text-field';

/** A brief's budget in dollars: a project's and a White Glove request's (whole or with cents, at least 1). */
export function BudgetField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode' | 'min' | 'step'>) {
  return <TextField label="Budget (USD)" type="number" inputMode="decimal" min={1} step="0.01" {...props} />;
}
