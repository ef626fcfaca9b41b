import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, data, useRouteError } from "react-router";
import { describe, expect, it } from "vitest";
import { Button } from "../../app/components/button";
import { ErrorPage } from "../../app/components/error-page";
import { ProgressBar } from "../../app/components/progress-bar";
import { i18nFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

function render(element: React.ReactNode, locale: Locale = "en") {
  const Stub = createRoutesStub([{ path: "/", Component: () => <I18nextProvider i18n={i18nFor(locale)}>{element}</I18nextProvider> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("Button", () => {
  it("renders a router link, a plain link or a button from one component", () => {
    expect(render(<Button to="/events">Events</Button>)).toMatch(/<a[^>]*href="\/events"[^>]*>Events<\/a>/);
    expect(render(<Button href="https://example.com">Out</Button>)).toMatch(/<a[^>]*href="https:\/\/example.com"[^>]*>Out<\/a>/);
    const button = render(<Button onClick={() => undefined}>Go</Button>);
    expect(button).toMatch(/<button[^>]*type="button"[^>]*>Go<\/button>/);
    expect(render(<Button type="submit">Send</Button>)).toContain('type="submit"');
  });
});

describe("ProgressBar", () => {
  it("exposes its value to assistive technology", () => {
    const html = render(<ProgressBar value={15} />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="15"');
    expect(html).toContain("width:15%");
    expect(render(<ProgressBar value={250} />)).toContain('aria-valuenow="100"');
  });
});

describe("ErrorPage", () => {
  function renderError(status: number, locale: Locale) {
    function Boundary() {
      return <ErrorPage error={useRouteError()} />;
    }
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data(null, { status });
        },
        Component: () => null,
        ErrorBoundary: () => (
          <I18nextProvider i18n={i18nFor(locale)}>
            <Boundary />
          </I18nextProvider>
        ),
      },
    ]);
    return renderToString(<Stub initialEntries={["/"]} hydrationData={{ errors: { 0: { status, statusText: "", internal: false, data: null } } }} />);
  }

  it("says 'Oops!' for a missing page", () => {
    const html = renderError(404, "en");
    expect(html).toContain("Oops!");
    expect(html).toContain("We can&#x27;t seem to find the page you&#x27;re looking for.");
    expect(html).toContain("This page could not be found");
  });

  it("says 'An error occurred' with the status for any other failure, in both languages", () => {
    const english = renderError(503, "en");
    expect(english).toContain("An error occurred");
    expect(english).toContain("An error occurred. Please contact the customer-support for further help.");
    expect(english).toContain("503");
    expect(renderError(500, "de")).toContain("Ein Fehler ist aufgetreten");
  });

  // A form sent with JavaScript that the input guard refuses (NUL, lone surrogates) ends here, not on
  // the guard's own 400 page: it must say the same thing, not send the visitor to support.
  it("says the request could not be read for a 400, in both languages", () => {
    const english = renderError(400, "en");
    expect(english).toContain("This request could not be read");
    expect(english).toContain("characters that are not allowed");
    expect(english).not.toContain("An error occurred");
    const german = renderError(400, "de");
    expect(german).toContain("Diese Anfrage konnte nicht gelesen werden");
    expect(german).not.toContain("Ein Fehler ist aufgetreten");
  });
});

describe("layouts", () => {
  async function renderLayout(Layout: () => React.ReactNode, path: string) {
    const Stub = createRoutesStub([
      {
        Component: () => (
          <I18nextProvider i18n={i18nFor("en")}>
            <Layout />
          </I18nextProvider>
        ),
        children: [{ path, Component: () => <p>page content</p> }],
      },
    ]);
    return renderToString(<Stub initialEntries={[path]} />);
  }

  it("booking shows header, progress 15 and the page; dashboard shows progress 100", async () => {
    const { default: BookingLayout } = await import("../../app/layouts/booking-layout");
    const { default: DashboardLayout } = await import("../../app/layouts/dashboard-layout");
    const { default: DefaultLayout } = await import("../../app/layouts/default-layout");
    const booking = await renderLayout(BookingLayout, "/booking");
    expect(booking).toContain("<header");
    expect(booking).toContain('aria-valuenow="15"');
    expect(booking).toContain("page content");
    const dashboard = await renderLayout(DashboardLayout, "/dashboard");
    expect(dashboard).toContain('aria-valuenow="100"');
    const plain = await renderLayout(DefaultLayout, "/events");
    expect(plain).toContain("<header");
    expect(plain).not.toContain('role="progressbar"');
  });

  it("the widget layout is bare: no header, no footer", async () => {
    const { default: WidgetLayout } = await import("../../app/layouts/widget-layout");
    const html = await renderLayout(WidgetLayout, "/event-widget");
    expect(html).toContain("page content");
    expect(html).not.toContain("<header");
    expect(html).not.toContain("<footer");
  });
});
