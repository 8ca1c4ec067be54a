import { DELIVERABLE_CATEGORIES, type DeliverableCategory } from '../../../domain/constants';
import { formatDeliverableType } from '../../../domain/project-schemas';
import { FieldError, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

interface DeliverableTypeFieldProps {
  id: string;
  value: DeliverableCategory | undefined;
  onChange: (value: DeliverableCategory) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

const isCategory = (value: string): value is DeliverableCategory => (DELIVERABLE_CATEGORIES as readonly string[]).includes(value);

/** The deliverable type select of the project and White Glove forms; categories read with spaces, not underscores. */
export function DeliverableTypeField({ id, value, onChange, onBlur, error, disabled }: DeliverableTypeFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Deliverable type</Label>
      <Select value={value ?? ''} onValueChange={(next) => isCategory(next) && onChange(next)} disabled={disabled}>
        <SelectTrigger
          id={id}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <SelectValue placeholder="Choose a deliverable type" />
        </SelectTrigger>
        <SelectContent>
          {DELIVERABLE_CATEGORIES.map((category) => (
            <SelectItem key={category} value={category}>
              <span className="capitalize">{formatDeliverableType(category)}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
