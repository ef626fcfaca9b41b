import { z } from "@hono/zod-openapi";
import { apiRoute } from "./api-route";
import type { Context } from "hono";
import { errorResponseSchema } from "../../core/contracts/errors";
import { csvDialects } from "../../core/contracts/staff-exports";
import {
  invoiceExportContentTypes,
  invoiceExportFormats,
  invoiceExportPaths,
  staffInvoicesQuerySchema,
  staffInvoicesQuerySchemaFor,
  staffInvoicesResponseSchema,
  type StaffInvoicesQuery,
} from "../../core/contracts/staff-invoices";
import { operatorToday } from "../../core/domain/dates";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { AppError } from "../errors";
import { requireRole, type ActorEnv } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

const staffAnswers = {
  401: json(errorResponseSchema, "No valid staff login"),
  403: json(errorResponseSchema, "Logged in, but not staff"),
  ...errorAnswers,
};

/** The query with the operator's current month as the default period; a bad one is the API's 422 with each field's message. */
function queryOf(c: Context<ActorEnv>, input: Record<string, unknown>): StaffInvoicesQuery {
  const parsed = staffInvoicesQuerySchemaFor(operatorToday(c.var.services.now())).safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(parsed.error, c.var.locale) });
  return parsed.data;
}

const exportQuerySchema = staffInvoicesQuerySchema.extend({ dialect: z.enum(csvDialects).optional() });

const exportDescriptions = {
  csv: "The list as CSV: one line per document, the list's columns, amounts signed, one VAT column per rate. `dialect`: `rfc4180` (default) or `excel-de`.",
  datev:
    "A DATEV booking batch (EXTF 700, category 21 Buchungsstapel, Windows-1252): one posting per document and VAT rate (debtor against revenue; a cancellation invoice reversed) and one per payment received and refund given back in the period. 409 when DATEV_CONSULTANT_NUMBER/DATEV_CLIENT_NUMBER are not set; 422 when the period spans two fiscal years.",
} as const;

/**
 * The accountant's invoice list (issue 28, decision 069): `GET api/staff/invoices` and its files
 * `GET api/staff/invoices/export.csv` and `…/export-datev.csv`. Staff only.
 */
export function registerStaffInvoiceRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "get",
      path: "/staff/invoices",
      tags: ["staff"],
      summary:
        "Issued invoices and cancellation invoices by issue date (`from`/`to`, default the current month, at most 366 days), event and status (`all`, `standing`, `cancelled`, `cancellations`), 100 a page, with the totals of every match (invoiced less cancelled, VAT by rate); staff only",
      security: [{ bearerAuth: [] }],
      middleware: requireRole("staff"),
      request: { query: staffInvoicesQuerySchema },
      responses: { 200: json(staffInvoicesResponseSchema, "One page of documents and the period's totals"), ...staffAnswers },
    }),
    async (c) => {
      const page = await c.var.services.staffInvoices.list(c.var.actor, { query: queryOf(c, c.req.query()), locale: c.var.locale });
      return c.json(page, 200);
    },
  );
  for (const format of invoiceExportFormats) {
    api.openapi(
      apiRoute({
        // A download streams for as long as the client takes it: it holds no turn (decision 064).
        facts: { admission: "exempt" },
        method: "get",
        path: `/staff/invoices/${invoiceExportPaths[format]}`,
        tags: ["staff"],
        summary: `The invoice list's documents as ${format === "csv" ? "CSV" : "a DATEV booking batch (EXTF)"} (staff only)`,
        description: exportDescriptions[format],
        security: [{ bearerAuth: [] }],
        middleware: requireRole("staff"),
        request: { query: exportQuerySchema },
        responses: {
          200: {
            description: exportDescriptions[format],
            content: { [invoiceExportContentTypes[format]]: { schema: z.string().openapi({ format: "binary" }) } },
          },
          ...staffAnswers,
        },
      }),
      async (c) => {
        const { dialect, ...rest } = c.req.valid("query");
        const file = await c.var.services.staffInvoices.export(c.var.actor, {
          query: queryOf(c, rest),
          format,
          dialect: dialect ?? "rfc4180",
          locale: c.var.locale,
        });
        return c.body(file.body, 200, {
          "Content-Type": file.contentType,
          "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        });
      },
    );
  }
}
