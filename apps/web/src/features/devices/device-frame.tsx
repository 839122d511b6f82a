import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** The card every state of the command-line sign-in page sits in: an icon, a heading, the rest. */
export function DeviceFrame({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md p-8">
      <span className="mx-auto mb-4 grid size-11 place-items-center rounded-card border border-border bg-background text-xl text-muted-foreground">
        {icon}
      </span>
      <h1 className="text-center text-xl font-semibold tracking-tight">{title}</h1>
      {children}
    </Card>
  );
}
