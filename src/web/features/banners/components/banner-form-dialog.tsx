import { useId } from 'react';
import type { z } from 'zod';
import { Controller, useWatch } from 'react-hook-form';
import { BANNER_DEFAULT_TEXT, BANNER_TYPE_COLORS, BANNER_TYPES } from '../../../../shared/constants';
import { bannerType } from '../../../../shared/format';
import { type Banner, type BannerType, CreateBannerSchema } from '../../../../shared/schemas/banners';
import { useCreateBanner, useUpdateBanner } from '../api/admin-banners';
import { BannerView } from './banner-strip';
import { ColorField } from './color-field';
import { DateTimeField } from '~/components/date-time-field';
import { Field, FieldGrid, FieldSelect, InputField, SwitchField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

export const BANNER_TYPE_LABELS: Record<BannerType, string> = { info: 'Info', success: 'Success', warning: 'Warning', error: 'Error' };
const TYPE_OPTIONS = BANNER_TYPES.map((type) => ({ value: type, label: BANNER_TYPE_LABELS[type] }));

/** The form holds what the controls show: the order as typed, the dates as ISO strings or null. */
interface BannerFormValues {
  title: string;
  type: BannerType;
  message: string;
  backgroundColor: string;
  textColor: string;
  displayOrder: string;
  isActive: boolean;
  isCloseable: boolean;
  startDate: string | null;
  endDate: string | null;
}

function defaultValues(banner: Banner | null): BannerFormValues {
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
    startDate: banner.startDate,
    endDate: banner.endDate,
  };
}

/** Spec §2 Banners admin: the Create Banner and Edit Banner dialogs, with a live preview. `item` null means Create. */
export function BannerFormDialog(props: ItemDialogProps<Banner>) {
  return <ItemFormDialog {...props} className="sm:max-w-2xl" Form={BannerForm} />;
}

function BannerForm({ item: banner, onDone }: ItemFormProps<Banner>) {
  const id = useId();
  const createBanner = useCreateBanner();
  const updateBanner = useUpdateBanner();
  const isEdit = banner !== null;
  // The shared schema gives the spec's texts ('Title is required', 'Message is required', the date order).
  const form = useSchemaForm(CreateBannerSchema, defaultValues(banner));
  const preview = useWatch({ control: form.control });

  function changeType(type: string) {
    // Spec §9: a banner still in its type's colour takes the new type's colour (as the server does).
    const { type: current, backgroundColor } = form.getValues();
    if (backgroundColor === BANNER_TYPE_COLORS[current]) form.setValue('backgroundColor', BANNER_TYPE_COLORS[type as BannerType]);
  }

  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(isEdit, 'Banner')}
      description="Shown above every page while active and within its dates, in display order."
      onCancel={onDone}
      onSubmit={async (input) => {
        if (banner) {
          await updateBanner.mutateAsync({ id: banner.id, changes: toWire(input) });
          toast.success('Banner updated successfully');
        } else {
          await createBanner.mutateAsync(toWire(input));
          toast.success('Banner created successfully');
        }
        onDone();
      }}
      onError={(error) => toast.error(serverMessageOr(error, isEdit ? 'Failed to update banner' : 'Failed to create banner'))}
    >
      <FieldGrid columns="wide-narrow">
        <InputField name="title" label="Title" required autoComplete="off" placeholder="e.g. Spring sale" />
        <Field name="type" label="Type">
          <FieldSelect name="type" options={TYPE_OPTIONS} onValueChange={changeType} />
        </Field>
      </FieldGrid>

      <TextareaField name="message" label="Message" required rows={3} />

      <FieldGrid>
        {(['backgroundColor', 'textColor'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => {
              const label = name === 'backgroundColor' ? 'Background Color' : 'Text Color';
              return (
                <Field name={name} label={label}>
                  <ColorField label={label} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                </Field>
              );
            }}
          />
        ))}
      </FieldGrid>

      <FieldGrid columns="narrow-wide">
        <InputField
          name="displayOrder"
          label="Display Order"
          description="Lowest first."
          type="number"
          inputMode="numeric"
        />
        <div className="flex flex-col gap-3 rounded-lg border p-4">
          <SwitchField name="isActive" label="Active" description="Shown on the site within its dates." />
          <SwitchField name="isCloseable" label="Closeable" description="Visitors can close it; it stays closed in their browser." />
        </div>
      </FieldGrid>

      <FieldGrid>
        {(['startDate', 'endDate'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => {
              const label = name === 'startDate' ? 'Start Date' : 'End Date';
              return (
                <Field name={name} label={label} description="Optional.">
                  <DateTimeField
                    label={label}
                    value={field.value ? new Date(field.value) : null}
                    onChange={(date) => field.onChange(date?.toISOString() ?? null)}
                    defaultTime={name === 'endDate' ? '23:59' : '09:00'}
                  />
                </Field>
              );
            }}
          />
        ))}
      </FieldGrid>

      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
        <h3 id={`${id}-preview`} className="text-sm font-medium">
          Preview
        </h3>
        <BannerView
          preview
          banner={{
            title: preview.title || 'Banner title',
            message: preview.message || 'Your message appears here.',
            type: preview.type ?? 'info',
            backgroundColor: preview.backgroundColor ?? BANNER_TYPE_COLORS.info,
            textColor: preview.textColor ?? BANNER_DEFAULT_TEXT,
            isCloseable: preview.isCloseable ?? true,
          }}
        />
      </section>
    </FormDialogBody>
  );
}

/** The parsed banner as the API reads it: dates as ISO strings, cleared ones as null. */
function toWire(banner: z.output<typeof CreateBannerSchema>) {
  return { ...banner, startDate: banner.startDate?.toISOString() ?? null, endDate: banner.endDate?.toISOString() ?? null };
}
