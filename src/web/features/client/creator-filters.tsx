import { Search } from 'lucide-react';
import { BROWSE_CATEGORY_OPTIONS, type SealFilter } from '../../../domain/client-dashboard-schemas';
import type { DeliverableCategory } from '../../../domain/constants';
import { SEARCH_MAX_LENGTH } from '../../../domain/marketplace';
import { MIN_RATING_CHOICES } from '../../../domain/marketplace-directory';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

export interface CreatorFilterValues {
  search: string;
  category: DeliverableCategory | 'all';
  seal: SealFilter;
  sort: 'newest' | 'rating';
  minRating: 'any' | '3' | '4' | '4.5';
}

interface CreatorFiltersProps {
  value: CreatorFilterValues;
  onChange: (value: CreatorFilterValues) => void;
}

export function CreatorFilters({ value, onChange }: CreatorFiltersProps) {
  return (
    // The search has its own row from lg, so the four selects share the next one with room for their longest choices
    // ('4.5 stars and up', 'Content Marketing'); five to a row cut the Rating select off at 1280 px.
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filter creators">
      <div className="grid gap-2 sm:col-span-2 lg:col-span-4">
        <Label htmlFor="creator-search">Search creators</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="creator-search"
            type="search"
            className="pl-10"
            placeholder="Name, skill or keyword"
            // The API's limit: a longer search answered 400 and the tab said 'Creators could not be loaded.'
            maxLength={SEARCH_MAX_LENGTH}
            value={value.search}
            onChange={(event) => onChange({ ...value, search: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="creator-category">Category</Label>
        <Select value={value.category} onValueChange={(category) => onChange({ ...value, category: category as CreatorFilterValues['category'] })}>
          <SelectTrigger id="creator-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Categories</SelectItem>
            {BROWSE_CATEGORY_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="creator-seal">Creators</Label>
        <Select value={value.seal} onValueChange={(seal) => onChange({ ...value, seal: seal === 'seal' ? 'seal' : 'all' })}>
          <SelectTrigger id="creator-seal">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Creators</SelectItem>
            <SelectItem value="seal">Seal Only</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="creator-sort">Sort by</Label>
        <Select value={value.sort} onValueChange={(sort) => onChange({ ...value, sort: sort === 'rating' ? 'rating' : 'newest' })}>
          <SelectTrigger id="creator-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {/* A search is ordered by relevance unless 'Highest rated' is chosen, as on the marketplace: 'Newest' said otherwise. */}
            <SelectItem value="newest">{value.search.trim() ? 'Relevance' : 'Newest'}</SelectItem>
            <SelectItem value="rating">Highest rated</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="creator-rating">Rating</Label>
        <Select value={value.minRating} onValueChange={(minRating) => onChange({ ...value, minRating: minRating as CreatorFilterValues['minRating'] })}>
          <SelectTrigger id="creator-rating">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {MIN_RATING_CHOICES.map((choice) => (
              <SelectItem key={choice.value || 'any'} value={choice.value || 'any'}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
