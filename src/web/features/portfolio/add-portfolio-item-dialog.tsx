import { useState } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { DELIVERABLE_CATEGORIES } from '../../../domain/constants';
import { PORTFOLIO_DESCRIPTION_MAX, PORTFOLIO_MESSAGES } from '../../../domain/portfolio-schemas';
import { UPLOAD_RULES } from '../../../domain/upload-policy';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { ApiError, apiFetch } from '../../lib/api';
import { useSession } from '../../lib/session';
import { showSaveFailure } from '../profile/form-feedback';
import { TextareaField } from '../profile/form-parts';
import { displayCategory } from '../profile/labels';
import { ImagePicker } from './image-picker';
import { refreshPortfolio } from './portfolio-api';
import { portfolioFormSchema, type PortfolioFormInput, type PortfolioFormValues } from './portfolio-form-schema';

const FIELDS = ['title', 'category', 'description', 'file'] as const;
const EMPTY: DefaultValues<PortfolioFormInput> = { title: '', description: '' };

export function AddPortfolioItemDialog({ triggerLabel = 'Add item' }: { triggerLabel?: string }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const form = useForm<PortfolioFormInput, unknown, PortfolioFormValues>({ resolver: zodResolver(portfolioFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: PortfolioFormValues) => {
    if (!user) {
      toast.error(PORTFOLIO_MESSAGES.loginRequired);
      return;
    }
    const body = new FormData();
    body.append('title', values.title);
    body.append('category', values.category);
    if (values.description) body.append('description', values.description);
    body.append('file', values.file);
    try {
      await apiFetch('/api/portfolio', { method: 'POST', body });
      toast.success(PORTFOLIO_MESSAGES.added);
      setOpen(false);
      form.reset(EMPTY);
      await refreshPortfolio(queryClient);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error(PORTFOLIO_MESSAGES.loginRequired);
        return;
      }
      showSaveFailure(error, PORTFOLIO_MESSAGES.addFailed, { setError: form.setError, fields: FIELDS });
    }
  };

  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Add a portfolio item</DialogTitle>
          <DialogDescription>Show a finished piece. Clients see it on your studio page and on your card in the marketplace.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Add a portfolio item">
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <ImagePicker
                id="portfolio-image"
                label="Image"
                file={field.value instanceof File ? field.value : null}
                maxMb={UPLOAD_RULES.portfolioImage.maxMb}
                error={fieldState.error?.message}
                onChange={(file) => {
                  field.onChange(file ?? undefined);
                  void form.trigger('file').then((valid) => {
                    if (!valid && file) toast.error(form.getFieldState('file').error?.message ?? PORTFOLIO_MESSAGES.addFailed);
                  });
                }}
              />
            )}
          />
          <TextField id="portfolio-title" label="Title" error={errors.title?.message} {...form.register('title')} />
          <Controller
            control={form.control}
            name="category"
            render={({ field, fieldState }) => (
              <div className="grid gap-2">
                <Label htmlFor="portfolio-category">Category</Label>
                <Select value={field.value ?? ''} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="portfolio-category"
                    aria-invalid={fieldState.error ? true : undefined}
                    aria-describedby={fieldState.error ? 'portfolio-category-error' : undefined}
                    onBlur={field.onBlur}
                  >
                    <SelectValue placeholder="Select a category" />
                  </SelectTrigger>
                  <SelectContent>
                    {DELIVERABLE_CATEGORIES.map((category) => (
                      <SelectItem key={category} value={category}>
                        {displayCategory(category)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldError id="portfolio-category-error" message={fieldState.error?.message} />
              </div>
            )}
          />
          <TextareaField
            id="portfolio-description"
            label="Description (optional)"
            rows={3}
            counter={{ value: description.length, max: PORTFOLIO_DESCRIPTION_MAX }}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" busy={isSubmitting}>
              {isSubmitting ? 'Uploading…' : 'Add to portfolio'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
