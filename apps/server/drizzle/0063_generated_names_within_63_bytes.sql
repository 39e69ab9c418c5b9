-- Names the engine generates are kept to PostgreSQL's 63 bytes (src/engine/pg-identifier.ts): a
-- longer one is cut and ended with a hash of the whole name. PostgreSQL had cut these in silence;
-- each is renamed from the cut name it holds. drizzle-kit wrote a drop and a re-add of each key and
-- index; written by hand as renames, so no key is checked again over every row (a key left NOT
-- VALID by 0060 stays so) and no index is built again.
ALTER TABLE "flowrate_measurement_pipe" RENAME CONSTRAINT "flowrate_measurement_pipe_flowrate_inspection_pipe_id_flowrate_" TO "flowrate_measurement_pipe_flowrate_inspection_pipe_id__fcd05e3d";
--> statement-breakpoint
ALTER TABLE "flowrate_measurement" RENAME CONSTRAINT "flowrate_measurement_flowrate_inspection_id_flowrate_inspection" TO "flowrate_measurement_flowrate_inspection_id_flowrate_i_b673a52a";
--> statement-breakpoint
ALTER TABLE "inspection_method_approval" RENAME CONSTRAINT "inspection_method_approval_inspection_method_inspection_method_" TO "inspection_method_approval_inspection_method_inspectio_bc92260b";
--> statement-breakpoint
ALTER TABLE "inspection_method_approval" RENAME CONSTRAINT "inspection_method_approval_approval_position_approval_position_" TO "inspection_method_approval_approval_position_approval__86320c53";
--> statement-breakpoint
ALTER TABLE "motion_magnification_analysis" RENAME CONSTRAINT "motion_magnification_analysis_report_header_id_report_header_id" TO "motion_magnification_analysis_report_header_id_report__b6f8679c";
--> statement-breakpoint
ALTER TABLE "motion_magnification_summary" RENAME CONSTRAINT "motion_magnification_summary_motion_magnification_analysis_id_m" TO "motion_magnification_summary_motion_magnification_anal_a3758857";
--> statement-breakpoint
ALTER TABLE "reviewer_assignment" RENAME CONSTRAINT "reviewer_assignment_contractor_company_id_contractor_company_id" TO "reviewer_assignment_contractor_company_id_contractor_c_b516f403";
--> statement-breakpoint
ALTER TABLE "thickness_reading" RENAME CONSTRAINT "thickness_reading_thickness_location_id_thickness_location_id_f" TO "thickness_reading_thickness_location_id_thickness_loca_ccbbf6ff";
--> statement-breakpoint
ALTER TABLE "ultrasound_inspection" RENAME CONSTRAINT "ultrasound_inspection_ultrasound_analysis_id_ultrasound_analysi" TO "ultrasound_inspection_ultrasound_analysis_id_ultrasoun_5559ae72";
--> statement-breakpoint
ALTER TABLE "ultrasound_measurement" RENAME CONSTRAINT "ultrasound_measurement_ultrasound_analysis_id_ultrasound_analys" TO "ultrasound_measurement_ultrasound_analysis_id_ultrasou_0878eddc";
--> statement-breakpoint
ALTER TABLE "vibration_bently_nevada" RENAME CONSTRAINT "vibration_bently_nevada_vibration_analysis_id_vibration_analysi" TO "vibration_bently_nevada_vibration_analysis_id_vibratio_665c785b";
--> statement-breakpoint
ALTER TABLE "vibration_flow_rate_performance" RENAME CONSTRAINT "vibration_flow_rate_performance_vibration_analysis_id_vibration" TO "vibration_flow_rate_performance_vibration_analysis_id__16835220";
--> statement-breakpoint
ALTER TABLE "vibration_measurement" RENAME CONSTRAINT "vibration_measurement_vibration_analysis_id_vibration_analysis_" TO "vibration_measurement_vibration_analysis_id_vibration__cf0ff090";
--> statement-breakpoint
ALTER TABLE "vibration_operating_parameter" RENAME CONSTRAINT "vibration_operating_parameter_vibration_analysis_id_vibration_a" TO "vibration_operating_parameter_vibration_analysis_id_vi_16730f4b";
--> statement-breakpoint
ALTER TABLE "walkthrough_summary" RENAME CONSTRAINT "walkthrough_summary_walkthrough_inspection_id_walkthrough_inspe" TO "walkthrough_summary_walkthrough_inspection_id_walkthro_884dbaf2";
--> statement-breakpoint
ALTER INDEX "motion_magnification_summary_shooting_area_or_camera_direction_" RENAME TO "motion_magnification_summary_shooting_area_or_camera_d_aeb67c8c";
