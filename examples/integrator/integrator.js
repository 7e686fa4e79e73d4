/* global window, document, location */
// The integrator's side of mounting the campaigns remote in a page that is not the host, with no build
// step and no React of its own (README.md "Integrators"):
//  1. load the remote's remoteEntry.js: a plain script that defines the federation container
//     `mf_campaigns` (the Module Federation runtime is inside it) with `init` and `get`;
//  2. `init` it with an empty share scope: the page provides no libraries, so the remote registers and
//     uses its own React, router, query client and @consig/shared;
//  3. give @consig/shared, read from that share scope (the very copy the remote's screens use), the
//     API's address and, when the page has one, the token;
//  4. `get('./spa')` gives the single-spa lifecycles (bootstrap, mount, unmount). This page calls them the
//     way single-spa does (bootstrap once, then mount/unmount with `name` and `domElement`); a page that
//     runs single-spa passes the same loader to registerApplication instead.
(function () {
  'use strict';

  /** The remote's federation name: the global its remoteEntry.js defines. */
  const CONTAINER = 'mf_campaigns';
  const LABEL = 'Campanhas';
  const here = document.currentScript.src;

  const form = document.getElementById('parametros');
  const mountButton = document.getElementById('montar');
  const unmountButton = document.getElementById('desmontar');
  const status = document.getElementById('estado');
  const slot = document.getElementById('campanhas');

  /** What single-spa hands every lifecycle of an application: its name and, here, the element to render into. */
  const props = { name: CONTAINER, domElement: slot };

  /** A JSON document beside this page, or null when there is none. */
  async function readJson(name) {
    try {
      const response = await fetch(new URL(name, here), { cache: 'no-cache' });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  /**
   * Defaults, read as the host reads them: config.json (the API's addresses) and remotes.json (where each
   * remote's remoteEntry.js is) beside this page, which `npm start` writes; else the ports `npm start`
   * uses on this machine.
   */
  async function defaults() {
    const [config, remotes] = await Promise.all([readJson('config.json'), readJson('remotes.json')]);
    return {
      apiUrl: `http://${location.hostname}:3000`,
      ...config,
      remoteEntry: remotes?.[CONTAINER] ?? `http://${location.hostname}:8082/remoteEntry.js`,
    };
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        reject(new Error(`sem resposta de ${url}`));
      };
      document.head.append(script);
    });
  }

  /** Loads the remote once per page: its container and its bootstrapped lifecycles. */
  let loading = null;
  function loadRemote(remoteEntry) {
    loading ??= (async () => {
      if (!window[CONTAINER]) await loadScript(remoteEntry);
      const container = window[CONTAINER];
      // No shared modules offered: the remote uses its own React, router and @consig/shared.
      await container.init({});
      const lifecycles = (await container.get('./spa'))();
      await lifecycles.bootstrap(props);
      return { lifecycles };
    })().catch((error) => {
      loading = null; // the remote may come back: the next "Montar" tries again
      throw error;
    });
    return loading;
  }

  async function mount() {
    const apiUrl = form.elements.api.value.trim();
    const token = form.elements.token.value.trim();
    mountButton.disabled = true;
    status.textContent = `Carregando o módulo ${LABEL}...`;
    try {
      const { lifecycles } = await loadRemote(form.elements.remote.value.trim());
      // Once loaded, the remote stays the one this page uses: changing its address needs a reload.
      form.elements.remote.disabled = true;
      // The screen takes the API's address and the token as mount props (README "Integrators"); without a
      // token it shows its own sign-in form (or keeps the session it already has).
      await lifecycles.mount({ ...props, apiUrl, ...(token ? { token } : {}) });
      unmountButton.disabled = false;
      status.textContent = `Módulo ${LABEL} montado.`;
    } catch (error) {
      mountButton.disabled = false;
      status.textContent =
        error.message === 'Token inválido ou expirado.' ? error.message : `Não foi possível carregar o módulo ${LABEL}: ${error.message}`;
    }
  }

  async function unmount() {
    unmountButton.disabled = true;
    const { lifecycles } = await loading;
    await lifecycles.unmount(props);
    mountButton.disabled = false;
    status.textContent = `Módulo ${LABEL} desmontado.`;
  }

  defaults().then((config) => {
    const query = new URLSearchParams(location.search);
    form.elements.api.value = query.get('api') || config.apiUrl;
    form.elements.token.value = query.get('token') || '';
    form.elements.remote.value = query.get('remote') || config.remoteEntry;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void mount();
    });
    unmountButton.addEventListener('click', () => void unmount());
    mountButton.disabled = false;
  });
})();
