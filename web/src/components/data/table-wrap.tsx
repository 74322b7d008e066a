// A wide table's scroll box: focusable and named, so a keyboard user can scroll it at 375 px.
import type { ReactNode } from 'react';

export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
