import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImageOff, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { PORTFOLIO_MESSAGES, type PortfolioItem } from '../../../domain/portfolio-schemas';
import { isPreviewableImageUrl } from '../../../domain/upload-policy';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { apiFetch, reasonToShow } from '../../lib/api';
import { displayCategory } from '../profile/labels';
import { refreshPortfolio } from './portfolio-api';
import { ContentCredentialsMark } from '../provenance/content-credentials-mark';

export function PortfolioCard({ item }: { item: PortfolioItem }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const image = item.thumbnailUrl ?? item.imageUrl;
  const heldBecause = item.contentCredentials?.aiDeclared ? CONTENT_CREDENTIALS_MESSAGES.aiDeclared : 'It closely resembles another creator’s image';

  const remove = async () => {
    setDeleting(true);
    try {
      await apiFetch<null>(`/api/portfolio/${item.id}`, { method: 'DELETE' });
      toast.success(PORTFOLIO_MESSAGES.deleted);
      setOpen(false);
      await refreshPortfolio(queryClient);
    } catch (error) {
      toast.error(PORTFOLIO_MESSAGES.deleteFailed, {
        description: reasonToShow(error),
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Card className="group flex w-full flex-col overflow-hidden">
      <a href={item.imageUrl} target="_blank" rel="noopener noreferrer" className="block aspect-[4/3] bg-muted">
        {isPreviewableImageUrl(image) ? (
          <img src={image} alt={item.title} loading="lazy" className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-6" />
            No image
          </span>
        )}
        <span className="sr-only"> (open the full image in a new tab)</span>
      </a>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 wrap-anywhere text-lg leading-snug">{item.title}</h3>
          <Dialog open={open} onOpenChange={(next) => !isDeleting && setOpen(next)}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" className="-mr-2 -mt-2 size-9 shrink-0 text-muted-foreground hover:text-destructive" aria-label={`Delete ${item.title}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Delete this item?</DialogTitle>
                <DialogDescription>“{item.title}” and its image will be removed from your portfolio and your studio page.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="secondary" disabled={isDeleting}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button variant="destructive" onClick={() => void remove()} busy={isDeleting}>
                  Delete
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="neutral">{displayCategory(item.category)}</Badge>
          {item.inReview ? (
            <Badge variant="outline" title={`${heldBecause}, so our team checks it before it appears on your studio.`}>
              In provenance review
            </Badge>
          ) : null}
          <ContentCredentialsMark credentials={item.contentCredentials} itemTitle={item.title} />
        </div>
        {item.inReview ? <p className="text-sm text-muted-foreground">Hidden from your studio until our team has checked it: {heldBecause.charAt(0).toLowerCase() + heldBecause.slice(1)}.</p> : null}
        {item.description ? <p className="line-clamp-3 text-sm text-muted-foreground">{item.description}</p> : null}
      </div>
    </Card>
  );
}
