/** The screens the navigation lists as unavailable (product-spec §2: /cadastros, /calendário, /relatórios). */
export function UnavailableModule({ title }: { title: string }) {
  return (
    <section className="consig-panel unavailable-module" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title">{title}</h1>
      <p className="consig-empty">Módulo indisponível no momento.</p>
    </section>
  );
}
