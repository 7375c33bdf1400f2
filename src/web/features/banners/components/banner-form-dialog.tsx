import { useId, useState } from 'react';
import { BANNER_DEFAULT_TEXT, BANNER_TYPE_COLORS, BANNER_TYPES } from '../../../../shared/constants';
import { bannerType } from '../../../../shared/format';
import { type Banner, type BannerType, CreateBannerSchema } from '../../../../shared/schemas/banners';
import { useCreateBanner, useUpdateBanner } from '../api/admin-banners';
import { BannerView } from './banner-strip';
import { ColorField } from './color-field';
import { DateTimePicker } from './date-time-picker';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

export const BANNER_TYPE_LABELS: Record<BannerType, string> = { info: 'Info', success: 'Success', warning: 'Warning', error: 'Error' };

interface Values {
  title: string;
  type: BannerType;
  message: string;
  backgroundColor: string;
  textColor: string;
  displayOrder: string;
  isActive: boolean;
  isCloseable: boolean;
  startDate: Date | null;
  endDate: Date | null;
}

type Errors = Partial<Record<keyof Values, string>>;

function initialValues(banner: Banner | null): Values {
  if (!banner) {
    // Spec §5/§9 defaults: info, #3b82f6 on #ffffff, order 0, active and closeable.
    return {
      title: '',
      type: 'info',
      message: '',
      backgroundColor: BANNER_TYPE_COLORS.info,
      textColor: BANNER_DEFAULT_TEXT,
      displayOrder: '0',
      isActive: true,
      isCloseable: true,
      startDate: null,
      endDate: null,
    };
  }
  return {
    title: banner.title,
    type: bannerType(banner.type),
    message: banner.message,
    backgroundColor: banner.backgroundColor,
    textColor: banner.textColor,
    displayOrder: String(banner.displayOrder),
    isActive: banner.isActive,
    isCloseable: banner.isCloseable,
    startDate: banner.startDate ? new Date(banner.startDate) : null,
    endDate: banner.endDate ? new Date(banner.endDate) : null,
  };
}

/** Spec §2 Banners admin: the Create Banner and Edit Banner dialogs, with a live preview. `banner` null means Create. */
export function BannerFormDialog({ open, banner, onOpenChange }: { open: boolean; banner: Banner | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {open && <BannerForm key={banner?.id ?? 'new'} banner={banner} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function BannerForm({ banner, onDone }: { banner: Banner | null; onDone(): void }) {
  const id = useId();
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();
  const [values, setValues] = useState<Values>(() => initialValues(banner));
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);
  const isEdit = banner !== null;

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  function changeType(type: BannerType) {
    // Spec §9: a banner still in its type's colour takes the new type's colour (as the server does).
    setValues((current) => ({
      ...current,
      type,
      backgroundColor: current.backgroundColor === BANNER_TYPE_COLORS[current.type] ? BANNER_TYPE_COLORS[type] : current.backgroundColor,
    }));
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const input = {
      title: values.title,
      type: values.type,
      message: values.message,
      backgroundColor: values.backgroundColor,
      textColor: values.textColor,
      displayOrder: values.displayOrder,
      isActive: values.isActive,
      isCloseable: values.isCloseable,
      startDate: values.startDate?.toISOString() ?? null,
      endDate: values.endDate?.toISOString() ?? null,
    };
    // The shared schema gives the spec's texts ('Title is required', 'Message is required', the date order).
    const parsed = CreateBannerSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setIsSaving(true);
    try {
      if (banner) {
        await updateBanner.mutateAsync({ id: banner.id, changes: input });
        toast.success('Banner updated successfully');
      } else {
        await createBanner.mutateAsync(input);
        toast.success('Banner created successfully');
      }
      onDone();
    } catch (error) {
      toast.error(serverMessageOr(error, isEdit ? 'Failed to update banner' : 'Failed to create banner'));
    } finally {
      setIsSaving(false);
    }
  }

  const fieldError = (key: keyof Values) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: keyof Values) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{isEdit ? 'Edit Banner' : 'Create Banner'}</DialogTitle>
        <DialogDescription>Shown above every page while active and within its dates, in display order.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input id={`${id}-title`} value={values.title} onChange={(event) => set('title', event.target.value)} {...describedBy('title')} />
          {fieldError('title')}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select value={values.type} onValueChange={(value) => changeType(value as BannerType)}>
            <SelectTrigger id={`${id}-type`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BANNER_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {BANNER_TYPE_LABELS[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea id={`${id}-message`} rows={3} value={values.message} onChange={(event) => set('message', event.target.value)} {...describedBy('message')} />
        {fieldError('message')}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField label="Background Color" value={values.backgroundColor} onChange={(value) => set('backgroundColor', value)} error={errors.backgroundColor} />
        <ColorField label="Text Color" value={values.textColor} onChange={(value) => set('textColor', value)} error={errors.textColor} />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-order`}>Display Order</Label>
          <Input id={`${id}-order`} type="number" inputMode="numeric" value={values.displayOrder} onChange={(event) => set('displayOrder', event.target.value)} />
        </div>
        <div className="flex items-center gap-3 sm:pt-6">
          <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
          <Label htmlFor={`${id}-active`}>Active</Label>
        </div>
        <div className="flex items-center gap-3 sm:pt-6">
          <Switch id={`${id}-closeable`} checked={values.isCloseable} onCheckedChange={(checked) => set('isCloseable', checked)} />
          <Label htmlFor={`${id}-closeable`}>Closeable</Label>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimePicker label="Start Date" value={values.startDate} onChange={(value) => set('startDate', value)} error={errors.startDate} />
        <DateTimePicker label="End Date" value={values.endDate} onChange={(value) => set('endDate', value)} defaultTime="23:59" error={errors.endDate} />
      </div>

      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
        <h3 id={`${id}-preview`} className="text-sm font-medium">
          Preview
        </h3>
        <BannerView
          preview
          banner={{
            title: values.title || 'Banner title',
            message: values.message || 'Your message appears here.',
            type: values.type,
            backgroundColor: values.backgroundColor,
            textColor: values.textColor,
            isCloseable: values.isCloseable,
          }}
        />
      </section>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : isEdit ? 'Update Banner' : 'Create Banner'}
        </Button>
      </DialogFooter>
    </form>
  );
}
