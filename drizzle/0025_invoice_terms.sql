-- Decision 177: an invoice keeps the client's company and its due date as issued. Invoices issued before this keep
-- neither (both stay null), since what an invoice says is fixed when it is issued.
ALTER TABLE "payments" ADD COLUMN "client_company" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "due_date" text;
