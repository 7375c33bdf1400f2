import { LoaderIcon, UploadIcon } from 'lucide-react';
import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useUploadImage } from '~/lib/upload-image';

/**
 * An image URL field of a form (post, ad) (spec §5: a valid URL or empty) that can also be filled by uploading a file
 * (`POST /api/uploads`).
 */
export function ImageUrlField({ name, label }: { name: string; label: string }) {
  const { register, setValue } = useFormContext<Record<string, string>>();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  return (
    <div className="flex flex-col gap-2">
      <Field name={name} label={label} description="A full address (https://…) or a file uploaded here: PNG, JPEG, WebP or GIF up to 5 MB.">
        <Input type="url" inputMode="url" {...register(name)} />
      </Field>
      <div>
        <Button type="button" variant="outline" size="sm" isPending={upload.isPending} onClick={() => fileRef.current?.click()}>
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
                setValue(name, result.url, { shouldDirty: true, shouldValidate: true });
                toast.success('Image uploaded', { description: `${label} set to the uploaded file. Save the post to keep it.` });
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
    </div>
  );
}
