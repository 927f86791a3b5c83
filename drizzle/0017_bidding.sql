CREATE TYPE "public"."committee_bid" AS ENUM('eager', 'willing', 'not_my_area');--> statement-breakpoint
CREATE TABLE "committee_bids" (
	"member_id" uuid NOT NULL,
	"paper_id" uuid NOT NULL,
	"bid" "committee_bid" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_bids_member_id_paper_id_pk" PRIMARY KEY("member_id","paper_id")
);
--> statement-breakpoint
ALTER TABLE "committee_bids" ADD CONSTRAINT "committee_bids_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_bids" ADD CONSTRAINT "committee_bids_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committee_bids_paper_idx" ON "committee_bids" USING btree ("paper_id");