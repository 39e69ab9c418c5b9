-- Reference data every installation starts with: equipment categories (their codes are the equipment
-- classes techniques have variants for), object types, and the inspection methods of SPEC 1 (their codes
-- are the techniques' module names). Administrators may change them afterwards; this runs once.
INSERT INTO "equipment_category" ("code", "name", "description") VALUES
  ('pipe', 'Pipe', 'Process and utility piping inside the plant fence'),
  ('pipeline', 'Pipeline', 'Cross-country and interconnecting pipelines'),
  ('storage-tank', 'Storage tank', 'Atmospheric and low-pressure storage tanks'),
  ('pressure-vessel', 'Pressure vessel', 'Columns, drums, reactors and heat-exchanger shells'),
  ('structure', 'Structure', 'Steel structures, pipe racks, jetties and piles'),
  ('rotating-equipment', 'Rotating equipment', 'Pumps, compressors, fans, turbines and their drivers'),
  ('electrical', 'Electrical', 'Transformers, switchgear, motor control centres and distribution')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "object_type" ("code", "name", "category_code") VALUES
  ('PIPE-PROC', 'Process piping', 'pipe'),
  ('PIPE-UTIL', 'Utility piping', 'pipe'),
  ('PL-CRUDE', 'Crude oil pipeline', 'pipeline'),
  ('PL-GAS', 'Gas pipeline', 'pipeline'),
  ('PL-PROD', 'Product pipeline', 'pipeline'),
  ('TK-FIXED', 'Fixed-roof tank', 'storage-tank'),
  ('TK-FLOAT', 'Floating-roof tank', 'storage-tank'),
  ('TK-SPHERE', 'Spherical tank', 'storage-tank'),
  ('PV-COLUMN', 'Column', 'pressure-vessel'),
  ('PV-DRUM', 'Drum', 'pressure-vessel'),
  ('PV-REACTOR', 'Reactor', 'pressure-vessel'),
  ('PV-HX', 'Heat exchanger', 'pressure-vessel'),
  ('ST-RACK', 'Pipe rack', 'structure'),
  ('ST-JETTY', 'Jetty', 'structure'),
  ('ST-PILE', 'Pile', 'structure'),
  ('RE-PUMP', 'Centrifugal pump', 'rotating-equipment'),
  ('RE-COMP', 'Compressor', 'rotating-equipment'),
  ('RE-FAN', 'Fan and blower', 'rotating-equipment'),
  ('RE-TURB', 'Steam turbine', 'rotating-equipment'),
  ('RE-MOTOR', 'Electric motor', 'rotating-equipment'),
  ('EL-TRAFO', 'Transformer', 'electrical'),
  ('EL-SWGR', 'Switchgear', 'electrical'),
  ('EL-MCC', 'Motor control centre', 'electrical'),
  ('EL-PANEL', 'Distribution panel', 'electrical')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "inspection_method" ("code", "name", "description", "equipment_categories") VALUES
  ('thermal', 'Thermal (infrared)', 'Infrared thermography of electrical and mechanical equipment; severity by temperature rise (NETA MTS).', '["electrical", "rotating-equipment", "pressure-vessel", "pipe"]'::jsonb),
  ('vibration', 'Vibration', 'Vibration analysis of rotating machines, with flow-rate performance and Bently Nevada style reports.', '["rotating-equipment", "pipe", "structure"]'::jsonb),
  ('ultrasound', 'Ultrasound', 'Airborne ultrasound for bearings, leaks and electrical discharge.', '["rotating-equipment", "electrical", "pipe"]'::jsonb),
  ('vci', 'Visual crack inspection (VCI)', 'Visual inspection for cracks and defects along piping and pipelines.', '["pipe", "pipeline"]'::jsonb),
  ('flowrate', 'Flowrate', 'Flowrate inspection of lines and pumps.', '["pipe", "rotating-equipment"]'::jsonb),
  ('motionMagnification', 'Motion magnification', 'Video motion magnification of structural and piping deflection.', '["pipe", "storage-tank", "pressure-vessel"]'::jsonb),
  ('srut', 'SRUT', 'Short-range ultrasonic testing of tank and vessel shells and annular plates.', '["storage-tank", "pressure-vessel"]'::jsonb),
  ('walkthrough', 'Walkthrough', 'Walkthrough inspection of piping and pipelines with findings and photos.', '["pipe", "pipeline"]'::jsonb),
  ('ufd', 'Ultrasonic flaw detection (UFD)', 'Ultrasonic flaw detection of welds and base metal.', '["pipe", "pipeline", "pressure-vessel"]'::jsonb),
  ('sacp', 'SACP (cathodic protection)', 'Cathodic protection potential surveys.', '["pipe", "pipeline", "structure"]'::jsonb),
  ('paut', 'PAUT', 'Phased-array ultrasonic testing of welds and corrosion.', '["pipe", "pipeline"]'::jsonb),
  ('mcsa', 'MCSA', 'Motor current signature analysis of electric motors and their driven machines.', '["rotating-equipment", "electrical"]'::jsonb),
  ('lubeOil', 'Lube oil', 'Lube oil condition analysis.', '["rotating-equipment"]'::jsonb)
ON CONFLICT DO NOTHING;
