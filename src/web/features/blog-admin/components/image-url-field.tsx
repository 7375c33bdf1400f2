import { LoaderIcon, UploadIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useUploadImage } from '~/lib/upload-image';
import { FormField } from './form-field';

/** An image URL (spec §5: a valid URL or empty) that can also be filled by uploading a file (`POST /api/uploads`). */
export function ImageUrlField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  return (
    <FormField label={label} error={error} hint="A full https:// address, or upload PNG, JPEG, WebP or GIF up to 5 MB.">
      {(field) => (
        <div className="flex gap-2">
          <Input
            {...field}
            type="url"
            inputMode="url"
            value={value}
            placeholder="https://"
            onChange={(event) => onChange(event.target.value)}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => fileRef.current?.click()}>
            {upload.isPending ? (
              <LoaderIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            Upload<span className="sr-only"> {label.toLowerCase()}</span>
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label={`${label} file`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (result) => {
                  onChange(result.url);
                  toast.success('Image uploaded');
                },
                onError: (uploadError) =>
                  toast.error('Upload failed', { description: serverMessageOr(uploadError, 'Failed to upload image') }),
                onSettled: () => {
                  if (fileRef.current) fileRef.current.value = '';
                },
              });
            }}
          />
        </div>
      )}
    </FormField>
  );
}
