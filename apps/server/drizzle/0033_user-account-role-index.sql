-- The roles page counts each role's users, a role's delete checks none is left, and inspector
-- eligibility reads the user's role: all by role_id.
CREATE INDEX "user_account_role_idx" ON "user_account" USING btree ("role_id");