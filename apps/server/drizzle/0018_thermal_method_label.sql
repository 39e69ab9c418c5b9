-- The thermal technique is "Thermal analysis" in the contract (its label, on every screen of it);
-- the seeded inspection method said "Thermal (infrared)". The method takes the technique's label,
-- unless an administrator has renamed it since.
UPDATE "inspection_method" SET "name" = 'Thermal analysis', "version" = "version" + 1, "updated_at" = now()
WHERE "code" = 'thermal' AND "name" = 'Thermal (infrared)';
