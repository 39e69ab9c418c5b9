ALTER TABLE "flowrate_inspection" ALTER COLUMN "discharge_pressure_psi" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "highest_bearing_temp_c" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "highest_winding_temp_c" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "highest_voltage_v" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "highest_current_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "percent_control_valpe_open" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "actual_flowrate_gpm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "flowrate_bpd" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_inspection" ALTER COLUMN "flowrate_gpm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement_pipe" ALTER COLUMN "bbl_d" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ALTER COLUMN "flowrate_bpd" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ALTER COLUMN "flowrate_gpm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ALTER COLUMN "suction_pressure_psi" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ALTER COLUMN "discharge_pressure_psi" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flowrate_measurement" ALTER COLUMN "percent_control_valve_open" DROP NOT NULL;