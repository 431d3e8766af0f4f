import type { HostShareInfo } from '../../../../../../shared-ui/federation/shared-deps.ts';
import semver from 'semver';
import type { FederationManifest } from './build-files.ts';

interface SharedDeclaration {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}

/**
 * Check 5: each dependency the build shares is one the shell provides (shared-deps.ts), the shell's installed
 * version satisfies the range the build asks for, the build was made against a version in the shell's range, and
 * both call it a singleton. A remote that shares anything else would load a copy the shell does not have.
 */
export function sharedRefusal(manifest: FederationManifest, host: HostShareInfo): string | undefined {
  const declared = Array.isArray(manifest.shared) ? (manifest.shared as (SharedDeclaration | null)[]) : [];
  for (const dependency of declared) {
    const name = typeof dependency?.name === 'string' ? dependency.name : undefined;
    if (!name) return 'mf-manifest.json lists a shared dependency without a name';
    const provided = (host as Partial<HostShareInfo>)[name as keyof HostShareInfo];
    if (!provided) return `the build shares ${name}, which the shell does not provide (it provides ${Object.keys(host).join(', ')})`;
    if (dependency?.singleton !== true) return `the build shares ${name} without singleton: true; the shell provides it as a singleton`;
    const range = typeof dependency.requiredVersion === 'string' ? dependency.requiredVersion : '';
    if (!semver.validRange(range)) return `the build shares ${name} with no valid requiredVersion (${JSON.stringify(dependency.requiredVersion ?? null)})`;
    if (!semver.satisfies(provided.version, range)) return `the build needs ${name}@${range}; the shell provides ${provided.version}`;
    const built = typeof dependency.version === 'string' ? dependency.version : '';
    if (!semver.valid(built) || !semver.satisfies(built, provided.requiredVersion)) {
      return `the build was made with ${name}@${built || 'an unknown version'}, outside the shell's range ${provided.requiredVersion}`;
    }
  }
  return undefined;
}
