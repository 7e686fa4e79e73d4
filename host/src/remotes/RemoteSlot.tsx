import { Loading } from '@consig/shared';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { LoadedComponent } from '../lib/LoadedComponent';
import { loadedRemoteModule, loadRemoteModule } from './loadRemoteModule';
import { reRegisterRemote, type RemoteName } from './registry';
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

/**
 * One exposed module in its slot (LoadedComponent: no Suspense fallback while it loads, so no 300 ms
 * throttle; a module this page loaded already renders in the first render). A failed load reaches
 * RemoteBoundary, which shows the message with retry.
 */
function RemoteModule({ remote, module, props }: Required<Pick<Props, 'remote' | 'module' | 'props'>>) {
  return (
    // A remote that suspends inside itself waits here, not under the shell's own boundary.
    <Suspense fallback={<Loading />}>
      <LoadedComponent
        loaded={loadedRemoteModule(remote, module)}
        load={() => loadRemoteModule(remote, module)}
        props={props}
        fallback={<Loading />}
      />
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
