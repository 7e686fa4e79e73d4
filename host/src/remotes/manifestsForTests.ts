// Unit tests only: the manifests the remotes ship (their public/consig-remote.json), as remotes.json would list them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { remoteManifestSchema } from './manifest';
import { setRemotesForTests } from './registry';

const REMOTE_DIRS = {
  mf_attendance: 'mf-attendance',
  mf_campaigns: 'mf-campaigns',
  mf_followup: 'mf-followup',
  mf_telephony: 'mf-telephony',
  mf_reports: 'mf-reports',
  mf_cadastros: 'mf-cadastros',
};

/** Lists the shipped remotes as remotes.json would, leaving out those named in `without`. */
export function installShippedManifests({ without = [] }: { without?: string[] } = {}) {
  setRemotesForTests(
    Object.fromEntries(
      Object.entries(REMOTE_DIRS)
        .filter(([name]) => !without.includes(name))
        .map(([name, dir]) => {
          const manifest = remoteManifestSchema.parse(
            JSON.parse(readFileSync(join(__dirname, '..', '..', '..', dir, 'public', 'consig-remote.json'), 'utf8')),
          );
          return [name, { entry: `http://localhost/${dir}/remoteEntry.js`, manifest }];
        }),
    ),
  );
}
