/**
 * The editor's Settings tab (fields of the post form, kit Field): the publish date (a date still to come makes the
 * post Scheduled), the Featured star, category, tags, read time, author, ads and related posts. Publishing itself
 * is a step of the editor's header (Publish, Schedule, Unpublish), not a switch here. One column: the fields live in
 * the editor's settings panel (a side panel, a sheet under 768 px; decision 0072). Long post and ad names wrap.
 */
import { StarIcon } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  type AdminBlogPost,
  BLOG_AD_POSITIONS,
  type BlogAd,
  type BlogAdPosition,
  type BlogCategoryWithCount,
} from '../../../../shared/schemas/blog';
import { DateTimeField } from '~/components/date-time-field';
import { Field, FieldSelect } from '~/components/form';
import { ImageField } from '~/components/image-upload';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Textarea } from '~/components/ui/textarea';
import {
  estimateReadTime,
  fromLocalDateTime,
  MAX_RELATED_POSTS,
  type PostFormValues,
  splitTags,
  toLocalDateTime,
} from '../post-form';

const POSITION_LABELS: Record<BlogAdPosition, string> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
  sidebar: 'Sidebar',
};

/** A name of any length wraps inside its column, even without spaces. */
const WRAP = 'min-w-0 [overflow-wrap:anywhere]';

export function PostSettings({
  categories,
  ads,
  otherPosts,
}: {
  categories: readonly BlogCategoryWithCount[];
  ads: readonly BlogAd[];
  /** The posts this one can link as related (itself excluded). */
  otherPosts: readonly Pick<AdminBlogPost, 'id' | 'title'>[];
}) {
  const { control, register, setValue } = useFormContext<PostFormValues>();
  const [category, tagsText, content, isFeatured, publishedTime] = useWatch({
    control,
    name: ['category', 'tags', 'content', 'isFeatured', 'publishedTime'],
  });
  const tags = splitTags(tagsText);
  const categoryNames = categories.map((item) => item.name);
  // A post whose category was removed still shows it, so saving does not silently change it.
  if (category && !categoryNames.includes(category)) categoryNames.push(category);

  return (
    <div className="grid gap-6">
      <div className="flex min-w-0 flex-col gap-6">
        <Controller
          control={control}
          name="publishedDate"
          render={({ field }) => (
            <Field
              name="publishedDate"
              label="Publish date"
              description="Empty: the moment you publish. A date still to come: Schedule instead of Publish, and the post goes live then."
            >
              <DateTimeField
                label="Publish date"
                emptyText="When published"
                value={fromLocalDateTime(field.value, publishedTime)}
                onChange={(date) => {
                  const local = date ? toLocalDateTime(date) : { date: '', time: '' };
                  field.onChange(local.date);
                  setValue('publishedTime', local.time, { shouldDirty: true });
                }}
              />
            </Field>
          )}
        />
        <div>
          <Button
            type="button"
            variant="outline"
            aria-pressed={isFeatured}
            onClick={() => setValue('isFeatured', !isFeatured, { shouldDirty: true })}
          >
            <StarIcon aria-hidden="true" className={isFeatured ? 'fill-amber-400 text-amber-500' : undefined} />
            Featured
          </Button>
          <p className="mt-2 text-xs text-muted-foreground">A featured post leads the public blog.</p>
        </div>
        <Field name="category" label="Category" required>
          <FieldSelect
            name="category"
            placeholder="Choose a category"
            options={categoryNames.map((name) => ({ value: name, label: name }))}
          />
        </Field>
        <Field
          name="tags"
          label="Tags"
          description={
            tags.length > 0
              ? `${tags.length} tag${tags.length === 1 ? '' : 's'}: ${tags.join(' · ')}`
              : 'Separate tags with commas, e.g. security, privacy.'
          }
        >
          <Input {...register('tags')} />
        </Field>
        <Field
          name="readTimeMinutes"
          label="Read time (minutes)"
          description={`Empty: estimated from the word count (${estimateReadTime(content)} min).`}
        >
          <Input type="number" inputMode="numeric" min={1} className="w-32" {...register('readTimeMinutes')} />
        </Field>
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <Field name="authorName" label="Author name" required>
          <Input {...register('authorName')} />
        </Field>
        <Field name="authorBio" label="Author bio">
          <Textarea rows={3} {...register('authorBio')} />
        </Field>
        <ImageField name="authorAvatarUrl" label="Author avatar" shape="square" saveHint="Save the post to keep it." />
        <Controller
          control={control}
          name="ads"
          render={({ field: { value: chosen, onChange } }) => (
            <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
              <legend className="px-1 text-sm font-medium">Ads on this post</legend>
              {ads.length === 0 ? (
                <p className="text-sm text-muted-foreground">No ads created yet. Create one under Ads &amp; Monetization.</p>
              ) : (
                ads.map((ad) => {
                  const choice = chosen.find((item) => item.adId === ad.id);
                  const checkboxId = `blog-post-ad-${ad.id}`;
                  return (
                    <div key={ad.id} className="flex flex-wrap items-center justify-between gap-2">
                      <div className="flex min-w-0 flex-1 items-start gap-2">
                        <Checkbox
                          id={checkboxId}
                          className="mt-0.5"
                          checked={choice !== undefined}
                          onCheckedChange={(checked) =>
                            onChange(
                              checked === true
                                ? [...chosen, { adId: ad.id, position: 'middle' }]
                                : chosen.filter((item) => item.adId !== ad.id),
                            )
                          }
                        />
                        <Label htmlFor={checkboxId} className={`${WRAP} leading-snug`}>
                          {ad.name}
                          {!ad.isActive && <span className="text-xs text-muted-foreground"> (inactive)</span>}
                        </Label>
                      </div>
                      {choice && (
                        <Select
                          value={choice.position}
                          onValueChange={(position) =>
                            onChange(chosen.map((item) => (item.adId === ad.id ? { ...item, position: position as BlogAdPosition } : item)))
                          }
                        >
                          <SelectTrigger size="sm" aria-label={`Position of ${ad.name}`}>
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {BLOG_AD_POSITIONS.map((position) => (
                              <SelectItem key={position} value={position}>
                                {POSITION_LABELS[position]}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}
                    </div>
                  );
                })
              )}
            </fieldset>
          )}
        />
        <Controller
          control={control}
          name="relatedPostIds"
          render={({ field: { value: chosen, onChange } }) => (
            <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border p-4">
              <legend className="px-1 text-sm font-medium">Related posts</legend>
              <p className="text-xs text-muted-foreground">
                Up to {MAX_RELATED_POSTS}. None chosen: the newest posts of the same category.
              </p>
              <div className="flex max-h-56 flex-col gap-2 overflow-y-auto">
                {otherPosts.map((post) => {
                  const isChosen = chosen.includes(post.id);
                  const checkboxId = `blog-post-related-${post.id}`;
                  return (
                    <div key={post.id} className="flex min-w-0 items-start gap-2">
                      <Checkbox
                        id={checkboxId}
                        className="mt-0.5"
                        checked={isChosen}
                        disabled={!isChosen && chosen.length >= MAX_RELATED_POSTS}
                        onCheckedChange={(checked) =>
                          onChange(checked === true ? [...chosen, post.id] : chosen.filter((id) => id !== post.id))
                        }
                      />
                      <Label htmlFor={checkboxId} className={`${WRAP} leading-snug font-normal`}>
                        {post.title}
                      </Label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          )}
        />
      </div>
    </div>
  );
}
