// /widgets (docs/website.md, "Pages"): the card builder. It reads no data itself: the preview is
// an iframe of the card (/embed/*) from this site, which loads the card's own data.
import { createFileRoute } from '@tanstack/react-router';
import { CardBuilder } from '../components/widgets/card-builder';

export const Route = createFileRoute('/widgets')({
  head: () => ({ meta: [{ title: 'Widgets · pkg' }] }),
  component: WidgetsPage,
});

function WidgetsPage() {
  return (
    <>
      <h1>Widgets</h1>
      <p>
        Put a live card of this site on your own page: choose the card and its size, then copy the{' '}
        <code>&lt;iframe&gt;</code> snippet. The card refreshes itself every 15 seconds, sets no cookies and
        loads nothing from another site.
      </p>
      <CardBuilder />
    </>
  );
}
