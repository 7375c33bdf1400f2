/**
 * The one image upload control of the admin kit (issue 38): `ImageUploadButton` opens the file picker, sends the
 * file to `POST /api/uploads` and hands the uploaded file's address to its caller — the Markdown editor's toolbar
 * inserts it as `![alt](url)`, `ImageField` sets a form field to it. One accept list, one toast on success or
 * failure, one pending state (the button keeps focus while it uploads; decision 0052).
 *
 * `ImageField` is an image of a form (a post's cover, an author's avatar, an ad's image) shown as a picture with
 * Upload, Replace and Remove, the address it holds (spec §5: a full URL or an uploaded file's path, or empty), and,
 * when the record stores one, its alt text (issue 37 §6).
 */
import { ImageIcon, LoaderIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useUploadImage } from '~/lib/upload-image';
import { cn } from '~/lib/utils';

/** What `POST /api/uploads` takes (the server checks the bytes too). */
const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';
const UPLOAD_HINT = 'PNG, JPEG, WebP or GIF up to 5 MB.';

export interface ImageUploadButtonProps extends Omit<ComponentProps<typeof Button>, 'onClick' | 'isPending' | 'type'> {
  /** Names the file input for assistive technology ("Cover image file"). */
  fileLabel: string;
  /** The success toast's description: what happened to the uploaded file. */
  uploadedMessage: string;
  /** The uploaded file's address, with the file (its name makes a default alt text). */
  onUploaded(url: string, file: File): void;
  /** The button's face; a spinner stands in for `icon` while the file uploads. */
  icon?: ReactNode;
  children?: ReactNode;
}

export function ImageUploadButton({
  fileLabel,
  uploadedMessage,
  onUploaded,
  icon = <UploadIcon aria-hidden="true" />,
  children,
  ...buttonProps
}: ImageUploadButtonProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();

  function send(file: File | undefined) {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        onUploaded(result.url, file);
        toast.success('Image uploaded', { description: uploadedMessage });
      },
      onError: (error) => toast.error('Upload failed', { description: serverMessageOr(error, 'Failed to upload image') }),
      onSettled: () => {
        if (fileRef.current) fileRef.current.value = '';
      },
    });
  }

  return (
    <>
      <Button {...buttonProps} type="button" isPending={upload.isPending} onClick={() => fileRef.current?.click()}>
        {upload.isPending ? <LoaderIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : icon}
        {children}
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPTED_IMAGES}
        className="sr-only"
        tabIndex={-1}
        aria-label={fileLabel}
        data-slot="image-upload-file"
        onChange={(event) => send(event.target.files?.[0])}
      />
    </>
  );
}

export interface ImageFieldProps {
  /** The form field holding the image's address. */
  name: string;
  /** What the image is ("Cover image"): the group's name; the address field is "<label> URL". */
  label: string;
  /** The form field holding its alt text, when the record stores one. */
  altName?: string;
  /** What happens when the alt text is left empty, said under its field (the post editor warns before publishing). */
  altHint?: string;
  /** `wide`: a 1200×630 cover; `square`: an avatar or a product picture. */
  shape?: 'wide' | 'square';
  /** What saving does with it, said after an upload ("Save the post to keep it."). */
  saveHint?: string;
}

export function ImageField({ name, label, altName, altHint, shape = 'wide', saveHint = 'Save to keep it.' }: ImageFieldProps) {
  const { register, setValue, control } = useFormContext<Record<string, string>>();
  const url = (useWatch({ control, name }) ?? '').trim();
  const watchedAlt = (useWatch({ control, name: altName ?? name }) ?? '').trim();
  const alt = altName ? watchedAlt : '';
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const lowerLabel = label.toLowerCase();

  function remove() {
    setValue(name, '', { shouldDirty: true, shouldValidate: true });
    if (altName) setValue(altName, '', { shouldDirty: true, shouldValidate: true });
    // The Remove button is gone with the picture: focus stays on the control that takes its place.
    uploadRef.current?.focus();
  }

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-3" data-slot="image-field">
      <span id={labelId} className="text-sm leading-none font-medium">
        {label}
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {url && failedUrl !== url ? (
          <img
            src={url}
            alt={alt}
            onError={() => setFailedUrl(url)}
            data-slot="image-field-preview"
            className={cn(
              'rounded-md border bg-muted object-cover',
              shape === 'wide' ? 'aspect-[1200/630] w-full sm:w-72' : 'size-24',
            )}
          />
        ) : (
          <div
            className={cn(
              'flex flex-col items-center justify-center gap-1 rounded-md border border-dashed bg-muted/40 p-3 text-center text-xs text-muted-foreground',
              shape === 'wide' ? 'aspect-[1200/630] w-full sm:w-72' : 'size-24',
            )}
          >
            <ImageIcon aria-hidden="true" className="size-5" />
            {url ? 'No picture at this address' : 'No image'}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <ImageUploadButton
            ref={uploadRef}
            variant="outline"
            size="sm"
            fileLabel={`${label} file`}
            uploadedMessage={`${label} set to the uploaded file. ${saveHint}`}
            onUploaded={(uploaded) => setValue(name, uploaded, { shouldDirty: true, shouldValidate: true })}
          >
            {url ? 'Replace' : 'Upload'}
            <span className="sr-only"> {lowerLabel}</span>
          </ImageUploadButton>
          {url && (
            <Button type="button" variant="outline" size="sm" onClick={remove}>
              <Trash2Icon aria-hidden="true" />
              Remove<span className="sr-only"> {lowerLabel}</span>
            </Button>
          )}
        </div>
      </div>
      <Field name={name} label={`${label} URL`} description={`A full address (https://…) or a file uploaded here: ${UPLOAD_HINT}`}>
        <Input type="url" inputMode="url" autoComplete="off" {...register(name)} />
      </Field>
      {altName && (
        <Field
          name={altName}
          label="Alt text"
          description={`What the picture shows, read out in its place by screen readers.${altHint ? ` ${altHint}` : ''}`}
        >
          <Input autoComplete="off" {...register(altName)} />
        </Field>
      )}
    </div>
  );
}
