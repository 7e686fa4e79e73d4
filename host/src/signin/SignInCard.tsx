import type { ReactNode } from 'react';
import { AdBanner } from './AdBanner';
import './SignInPage.css';

/**
 * The sign-in page's frame (the brand card beside the banner), shared by the pages a person meets before the
 * signed-in area: sign-in, password recovery, the new password of a recovery link, the temporary password's change.
 */
export function SignInCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="signin-page">
      <main className="signin-card" aria-labelledby="signin-title">
        <div className="signin-brand" aria-hidden="true">
          <span className="signin-brand__mark">C</span> Consig CRM
        </div>
        <h1 id="signin-title">{title}</h1>
        <p className="signin-subtitle">{subtitle}</p>
        {children}
      </main>
      <AdBanner />
    </div>
  );
}
