import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a user may do comes from the server's `abilities` and the shared tables (packages/shared:
 * access.ts routes, sidebar and dashboard cards, permissions.ts), never from a role compared in a page
 * or hook. This walks the web's sources for a role name compared or looked up, and fails on one
 * outside the places below, each of which is about something else than a permission.
 */
const ALLOWED: Record<string, string> = {
  'components/registration/registration-fields.tsx': 'the roles a registration asks for (form values), not the user’s',
  'components/registration/registration-summary.tsx': 'the roles a registration asks for (form values), not the user’s',
  'features/admin/edit-registration-page.tsx': 'the roles a registration asks for (form values), not the user’s',
  'features/users/edit-personal-details-page.tsx':
    'the roles the admin gives in the form (form values), not the user’s',
  'features/admin/requests-table.tsx': 'naming roles: LA is said once beside TA',
  'features/profile/profile-page.tsx': 'naming roles: LA is said once beside TA',
  'app/shell/user-menu.tsx':
    'a CM view names its committee and offers the committee switch (the view, not a permission)',
  'features/admin/api.ts': 'the admin view sent as current_role',
  'features/notifications/api.ts': 'the spec’s request: cmId goes with a CM view only',
};

const ROLE = "'(?:AR|TA|LA|CM|SYSADMIN|TA_ADMIN)'";
const ROLE_CHECK = new RegExp(`[=!]==\\s*${ROLE}|${ROLE}\\s*[=!]==|includes\\(${ROLE}\\)|isAdminRole\\(|_ROLES\\b`);

// Vitest runs in apps/web (npm test -w apps/web); the jsdom environment gives no file: module URL.
const root = join(process.cwd(), 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no role checks in pages and hooks', () => {
  it('decides nothing from a role name outside the allowed places', () => {
    const found = sources(root).flatMap((path) => {
      const file = relative(root, path).split('\\').join('/');
      if (file in ALLOWED) return [];
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (ROLE_CHECK.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });

  it('finds the checks it is meant to find', () => {
    for (const line of [
      "currentRole === 'AR' && <InvoicesCard />",
      'if (isAdminRole(role)) return',
      "roles.includes('CM')",
      "const RECENT_PUBLICATIONS_ROLES = ['AR']",
    ]) {
      expect(ROLE_CHECK.test(line), line).toBe(true);
    }
  });
});
