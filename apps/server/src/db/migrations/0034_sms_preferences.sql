CREATE TABLE "sms_ceiling_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ceiling_tk" integer NOT NULL,
	"previous_tk" integer NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_ceiling_changes_tk_check" CHECK ("sms_ceiling_changes"."ceiling_tk" >= 0 and "sms_ceiling_changes"."previous_tk" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_notice_links" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_notice_links_kind_check" CHECK ("sms_notice_links"."kind" in ('update', 'decision'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "sms_decisions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_ceiling_changes" ADD CONSTRAINT "sms_ceiling_changes_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_notice_links" ADD CONSTRAINT "sms_notice_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_ceiling_changes_created_idx" ON "sms_ceiling_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_notice_links_user_idx" ON "sms_notice_links" USING btree ("user_id");