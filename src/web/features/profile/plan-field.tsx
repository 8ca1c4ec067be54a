import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '../../../domain/constants';
import { PLAN_LABELS } from '../../../domain/profile-schemas';
import { FieldError } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { cn } from '../../lib/utils';

const PLAN_DESCRIPTIONS: Record<SubscriptionPlan, string> = {
  basic: 'Your studio page, a place in the marketplace, and projects from clients.',
  pro: 'For minds who take on regular engagements. We will talk terms with you.',
  premium: 'Priority matching and advanced analytics.',
};

const isPlan = (value: string): value is SubscriptionPlan => (SUBSCRIPTION_PLANS as readonly string[]).includes(value);

export function PlanField({ value, onChange, error }: { value: SubscriptionPlan; onChange: (plan: SubscriptionPlan) => void; error?: string }) {
  return (
    <div className="grid gap-3">
      <p id="mind-plan-label" className="text-sm font-medium text-ink">
        Choose your plan
      </p>
      <RadioGroup
        name="subscriptionPlan"
        value={value}
        onValueChange={(next) => isPlan(next) && onChange(next)}
        aria-labelledby="mind-plan-label"
        aria-describedby="mind-plan-note"
        className="gap-2.5 sm:grid-cols-3"
      >
        {SUBSCRIPTION_PLANS.map((plan) => {
          const id = `mind-plan-${plan}`;
          return (
            <label
              key={plan}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer flex-col gap-2 rounded-xl border bg-surface p-4 transition-colors duration-150',
                value === plan ? 'border-accent bg-accent-soft/50' : 'border-border hover:border-border-strong',
              )}
            >
              <span className="flex items-center gap-2.5">
                <RadioGroupItem id={id} value={plan} aria-labelledby={`${id}-name`} aria-describedby={`${id}-price ${id}-description`} />
                <span id={`${id}-name`} className="font-medium text-ink">
                  {PLAN_LABELS[plan].name}
                </span>
              </span>
              <span id={`${id}-price`} className="font-serif text-xl text-ink">
                {PLAN_LABELS[plan].price}
              </span>
              <span id={`${id}-description`} className="text-sm leading-snug text-muted-foreground">
                {PLAN_DESCRIPTIONS[plan]}
              </span>
            </label>
          );
        })}
      </RadioGroup>
      <p id="mind-plan-note" className="text-sm text-muted-foreground">
        Your choice is recorded with your application; nothing is billed. We will contact you about Pro and Premium.
      </p>
      <FieldError id="mind-plan-error" message={error} />
    </div>
  );
}
