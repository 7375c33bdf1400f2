/** The editor's Settings tab: status and scheduling (spec §4), Featured star, category, tags, author, read time, ads, related posts. */
import { StarIcon } from 'lucide-react';
import {
  type AdminBlogPost,
  BLOG_AD_POSITIONS,
  type BlogAd,
  type BlogAdPosition,
  type BlogCategoryWithCount,
} from '../../../../shared/schemas/blog';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import {
  estimateReadTime,
  formStatus,
  MAX_RELATED_POSTS,
  type PostFieldErrors,
  type PostFormValues,
  splitTags,
} from '../post-form';
import { DateTimeField } from './date-time-field';
import { FormField } from './form-field';
import { ImageUrlField } from './image-url-field';
import { StatusBadge } from './status-badge';

const POSITION_LABELS: Record<BlogAdPosition, string> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
  sidebar: 'Sidebar',
};

export function PostSettings({
  values,
  errors,
  categories,
  ads,
  otherPosts,
  onChange,
}: {
  values: PostFormValues;
  errors: PostFieldErrors;
  categories: readonly BlogCategoryWithCount[];
  ads: readonly BlogAd[];
  /** The posts this one can link as related (itself excluded). */
  otherPosts: readonly Pick<AdminBlogPost, 'id' | 'title'>[];
  onChange(patch: Partial<PostFormValues>): void;
}) {
  const tags = splitTags(values.tags);
  const categoryNames = categories.map((category) => category.name);
  // A post whose category was removed still shows it, so saving does not silently change it.
  if (values.category && !categoryNames.includes(values.category)) categoryNames.push(values.category);

  function toggleAd(adId: number, isChosen: boolean) {
    onChange({
      ads: isChosen
        ? [...values.ads, { adId, position: 'middle' }]
        : values.ads.filter((choice) => choice.adId !== adId),
    });
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 rounded-lg border p-4">
          <div className="flex items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <Switch
                id="blog-post-published"
                checked={values.isPublished}
                onCheckedChange={(isPublished) => onChange({ isPublished })}
              />
              <Label htmlFor="blog-post-published">Published</Label>
            </div>
            <StatusBadge status={formStatus(values)} />
          </div>
          <p className="text-xs text-muted-foreground">
            Off: a draft only admins see. On: public from its published date.
          </p>
          <DateTimeField
            date={values.publishedDate}
            time={values.publishedTime}
            error={errors.publishedDate}
            onChange={({ date, time }) => onChange({ publishedDate: date, publishedTime: time })}
          />
        </div>
        <div>
          <Button
            type="button"
            variant="outline"
            aria-pressed={values.isFeatured}
            onClick={() => onChange({ isFeatured: !values.isFeatured })}
          >
            <StarIcon aria-hidden="true" className={values.isFeatured ? 'fill-amber-400 text-amber-500' : undefined} />
            Featured
          </Button>
          <p className="mt-2 text-xs text-muted-foreground">A featured post leads the public blog.</p>
        </div>
        <FormField label="Category" error={errors.category}>
          {(field) => (
            <Select value={values.category || undefined} onValueChange={(category) => onChange({ category })}>
              <SelectTrigger {...field} className="w-full">
                <SelectValue placeholder="Choose a category" />
              </SelectTrigger>
              <SelectContent>
                {categoryNames.map((name) => (
                  <SelectItem key={name} value={name}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField
          label="Tags"
          error={errors.tags}
          hint={
            tags.length > 0
              ? `${tags.length} tag${tags.length === 1 ? '' : 's'}: ${tags.join(' · ')}`
              : 'Separate tags with commas.'
          }
        >
          {(field) => (
            <Input
              {...field}
              value={values.tags}
              placeholder="security, privacy"
              onChange={(event) => onChange({ tags: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Read time (minutes)"
          error={errors.readTimeMinutes}
          hint={`Empty: estimated from the word count (${estimateReadTime(values.content)} min).`}
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              className="w-32"
              value={values.readTimeMinutes}
              placeholder={String(estimateReadTime(values.content))}
              onChange={(event) => onChange({ readTimeMinutes: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-6">
        <FormField label="Author name" error={errors.authorName}>
          {(field) => (
            <Input
              {...field}
              value={values.authorName}
              onChange={(event) => onChange({ authorName: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Author bio" error={errors.authorBio}>
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              value={values.authorBio}
              onChange={(event) => onChange({ authorBio: event.target.value })}
            />
          )}
        </FormField>
        <ImageUrlField
          label="Author avatar URL"
          value={values.authorAvatarUrl}
          error={errors.authorAvatarUrl}
          onChange={(authorAvatarUrl) => onChange({ authorAvatarUrl })}
        />
        <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">Ads on this post</legend>
          {ads.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No ads created yet. Create one under Ads &amp; Monetization.
            </p>
          ) : (
            ads.map((ad) => {
              const choice = values.ads.find((item) => item.adId === ad.id);
              const checkboxId = `blog-post-ad-${ad.id}`;
              return (
                <div key={ad.id} className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex min-w-0 items-center gap-2">
                    <Checkbox
                      id={checkboxId}
                      checked={choice !== undefined}
                      onCheckedChange={(checked) => toggleAd(ad.id, checked === true)}
                    />
                    <Label htmlFor={checkboxId} className="truncate">
                      {ad.name}
                      {!ad.isActive && <span className="text-xs text-muted-foreground">(inactive)</span>}
                    </Label>
                  </div>
                  {choice && (
                    <Select
                      value={choice.position}
                      onValueChange={(position) =>
                        onChange({
                          ads: values.ads.map((item) =>
                            item.adId === ad.id ? { ...item, position: position as BlogAdPosition } : item,
                          ),
                        })
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
        <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
          <legend className="px-1 text-sm font-medium">Related posts</legend>
          <p className="text-xs text-muted-foreground">
            Up to {MAX_RELATED_POSTS}. None chosen: the newest posts of the same category.
          </p>
          <div className="flex max-h-56 flex-col gap-2 overflow-y-auto">
            {otherPosts.map((post) => {
              const isChosen = values.relatedPostIds.includes(post.id);
              const checkboxId = `blog-post-related-${post.id}`;
              return (
                <div key={post.id} className="flex items-center gap-2">
                  <Checkbox
                    id={checkboxId}
                    checked={isChosen}
                    disabled={!isChosen && values.relatedPostIds.length >= MAX_RELATED_POSTS}
                    onCheckedChange={(checked) =>
                      onChange({
                        relatedPostIds:
                          checked === true
                            ? [...values.relatedPostIds, post.id]
                            : values.relatedPostIds.filter((id) => id !== post.id),
                      })
                    }
                  />
                  <Label htmlFor={checkboxId} className="truncate font-normal">
                    {post.title}
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>
      </div>
    </div>
  );
}
