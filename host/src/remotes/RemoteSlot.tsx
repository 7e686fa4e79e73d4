import { loadRemote } from '@module-federation/enhanced/runtime';
import { Loading } from '@consig/shared';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { reRegisterRemote, unmetRequirementsOf, type RemoteName } from './registry';
import { remoteModuleId } from './remoteModuleId';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remote: RemoteName;
  /** The exposed module, e.g. './Dashboard'. */
  module: string;
  /** Portuguese name of the area, used in the failure message. */
  label: string;
  props?: Record<string, unknown>;
}

/**
 * One area of the shell filled by a remote at runtime. A remote that is down or throws shows a message
 * with a retry in its own area; the shell and the other remotes keep working (docs/architecture.md "Pitfalls": without a
 * boundary a dead remote blanks the whole React 19 root).
 */
export function RemoteSlot({ remote, module, label, props = {} }: Props) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    // remotes.json is read again first: the operator may have rolled the remote back meanwhile.
    void reRegisterRemote(remote).then(() => setAttempt((n) => n + 1));
  };
  return (
    // Keyed by what it loads and by the attempt: another screen in the same slot, or a retry, mounts a new
    // RemoteModule, so React loads again instead of replaying the failure or keeping the old screen.
    <RemoteBoundary key={`${remote}/${module}#${attempt}`} label={label} onRetry={retry}>
      <RemoteModule remote={remote} module={module} props={props} />
    </RemoteBoundary>
  );
}

/** One load of one exposed module. Its lazy component lives in state, outside the Suspense boundary
 *  (state of a tree that suspends before it first commits would be thrown away, and the load with it). */
function RemoteModule({ remote, module, props }: Required<Pick<Props, 'remote' | 'module' | 'props'>>) {
  const [Remote] = useState(() =>
    lazy(async () => {
      // A remote built against a @consig/shared or React this host cannot give it is never loaded: it
      // would run against the wrong library or bring a second React (docs/architecture.md "Independent deployment").
      const unmet = unmetRequirementsOf(remote);
      if (unmet.length > 0) {
        throw new Error(`${remote} incompatível: ${unmet.map(({ name, range, provided }) => `${name} ${range} (host: ${provided ?? 'nenhum'})`).join(', ')}`);
      }
      const loaded = await loadRemote<{ default: ComponentType<Record<string, unknown>> }>(remoteModuleId(remote, module));
      if (!loaded?.default) throw new Error(`${remote}/${module} não encontrado`);
      return loaded;
    }),
  );
  return (
    <Suspense fallback={<Loading />}>
      <Remote {...props} />
    </Suspense>
  );
}

class RemoteBoundary extends Component<{ label: string; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`[host] módulo "${this.props.label}" falhou`, error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable label={this.props.label} onRetry={this.props.onRetry} />;
  }
}
