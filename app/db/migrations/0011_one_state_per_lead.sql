-- hand-written: one state per lead (docs/decisions/0088). No schema change, only data.
-- A consultation's status is its sales stage: a stage the admin had set becomes its status
-- (the admin's stage won over the status, decision 0045); the meeting statuses fold into
-- 'contacted' (their old stage, 'em contato'), a cancelled one into 'lost' (its old stage).
UPDATE "consultations" AS c
   SET "status" = CASE p."stage"
     WHEN 'novo' THEN 'pending'
     WHEN 'em-contato' THEN 'contacted'
     WHEN 'proposta-enviada' THEN 'proposal_sent'
     WHEN 'ganho' THEN 'won'
     WHEN 'perdido' THEN 'lost'
     WHEN 'descartado' THEN 'discarded'
     ELSE c."status" END
  FROM "lead_pipeline" AS p
 WHERE p."consultation_id" = c."id" AND p."stage" IS NOT NULL;
--> statement-breakpoint
UPDATE "consultations" SET "status" = 'contacted' WHERE "status" IN ('scheduled', 'completed');
--> statement-breakpoint
UPDATE "consultations" SET "status" = 'lost' WHERE "status" = 'canceled';
--> statement-breakpoint
-- The stage column no longer speaks for consultations: the status does.
UPDATE "lead_pipeline" SET "stage" = NULL WHERE "consultation_id" IS NOT NULL;
--> statement-breakpoint
-- Applications move to the hiring pipeline.
UPDATE "lead_pipeline"
   SET "stage" = CASE "stage"
     WHEN 'novo' THEN 'recebida'
     WHEN 'em-contato' THEN 'em-analise'
     WHEN 'proposta-enviada' THEN 'entrevista'
     WHEN 'ganho' THEN 'contratada'
     WHEN 'perdido' THEN 'recusada'
     WHEN 'descartado' THEN 'recusada'
     ELSE "stage" END
 WHERE "career_application_id" IS NOT NULL;
