CREATE TABLE "saved_creators" (
	"client_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_creators_client_id_creator_id_pk" PRIMARY KEY("client_id","creator_id")
);
--> statement-breakpoint
ALTER TABLE "saved_creators" ADD CONSTRAINT "saved_creators_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_creators" ADD CONSTRAINT "saved_creators_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_creators_creator_idx" ON "saved_creators" USING btree ("creator_id");