"""Contains all the data models used in inputs/outputs"""

from .admin_user import AdminUser
from .admin_user_role import AdminUserRole
from .attempt import Attempt
from .attempt_error_class import AttemptErrorClass
from .batch import Batch
from .batch_page import BatchPage
from .batch_page_data_item import BatchPageDataItem
from .batch_page_data_item_status import BatchPageDataItemStatus
from .batch_request import BatchRequest
from .batch_request_documents_item import BatchRequestDocumentsItem
from .batch_status import BatchStatus
from .batch_view import BatchView
from .change_password_body import ChangePasswordBody
from .change_user_plan_body import ChangeUserPlanBody
from .change_user_plan_response_202 import ChangeUserPlanResponse202
from .check_digit import CheckDigit
from .check_digit_reason import CheckDigitReason
from .create_batch_files_body import CreateBatchFilesBody
from .create_extraction_files_body import CreateExtractionFilesBody
from .create_face_match_body import CreateFaceMatchBody
from .create_face_match_response_200 import CreateFaceMatchResponse200
from .create_liveness_check_files_body import CreateLivenessCheckFilesBody
from .create_liveness_check_json_body import CreateLivenessCheckJsonBody
from .create_liveness_check_response_200 import CreateLivenessCheckResponse200
from .create_liveness_check_response_200_attack_type import (
    CreateLivenessCheckResponse200AttackType,
)
from .create_liveness_check_response_200_face_match import (
    CreateLivenessCheckResponse200FaceMatch,
)
from .create_verification_files_body import CreateVerificationFilesBody
from .create_verification_files_body_policy import CreateVerificationFilesBodyPolicy
from .create_verification_response_202 import CreateVerificationResponse202
from .create_verification_response_202_status import CreateVerificationResponse202Status
from .credentials import Credentials
from .date_field import DateField
from .delivery import Delivery
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .detected_face import DetectedFace
from .detected_face_box import DetectedFaceBox
from .document_type import DocumentType
from .endpoint import Endpoint
from .endpoint_request import EndpointRequest
from .endpoint_request_mode import EndpointRequestMode
from .extract_accepted import ExtractAccepted
from .extract_accepted_status import ExtractAcceptedStatus
from .extract_request import ExtractRequest
from .extracted_data import ExtractedData
from .extracted_data_categories import ExtractedDataCategories
from .extracted_data_categories_value_item import ExtractedDataCategoriesValueItem
from .extracted_data_engine import ExtractedDataEngine
from .extracted_data_rotation_applied import ExtractedDataRotationApplied
from .extracted_data_sex import ExtractedDataSex
from .extracted_data_sex_value import ExtractedDataSexValue
from .extraction import Extraction
from .extraction_error import ExtractionError
from .extraction_event import ExtractionEvent
from .extraction_event_data import ExtractionEventData
from .extraction_event_data_status import ExtractionEventDataStatus
from .extraction_event_event import ExtractionEventEvent
from .extraction_page import ExtractionPage
from .extraction_result import ExtractionResult
from .extraction_status import ExtractionStatus
from .field import Field
from .field_source import FieldSource
from .file_type import FileType
from .find_users_response_200 import FindUsersResponse200
from .get_current_user_mode import GetCurrentUserMode
from .get_extraction_document_response_200 import GetExtractionDocumentResponse200
from .get_extraction_document_response_200_content_type import (
    GetExtractionDocumentResponse200ContentType,
)
from .get_open_api_document_response_200 import GetOpenApiDocumentResponse200
from .grant_credits_body import GrantCreditsBody
from .handoff_consumed import HandoffConsumed
from .handoff_consumed_file import HandoffConsumedFile
from .handoff_consumed_status import HandoffConsumedStatus
from .handoff_file_type import HandoffFileType
from .handoff_session import HandoffSession
from .handoff_session_status import HandoffSessionStatus
from .handoff_start_request import HandoffStartRequest
from .handoff_started import HandoffStarted
from .handoff_started_status import HandoffStartedStatus
from .handoff_state import HandoffState
from .handoff_status import HandoffStatus
from .handoff_upload import HandoffUpload
from .handoff_upload_fields import HandoffUploadFields
from .handoff_upload_method import HandoffUploadMethod
from .health import Health
from .health_status import HealthStatus
from .image_quality import ImageQuality
from .image_quality_reasons_item import ImageQualityReasonsItem
from .image_quality_status import ImageQualityStatus
from .invoice import Invoice
from .invoice_status import InvoiceStatus
from .key import Key
from .key_mode import KeyMode
from .key_prefix import KeyPrefix
from .key_request import KeyRequest
from .key_request_mode import KeyRequestMode
from .key_status import KeyStatus
from .list_api_keys_response_200 import ListApiKeysResponse200
from .list_batches_mode import ListBatchesMode
from .list_credit_entries_mode import ListCreditEntriesMode
from .list_credit_entries_response_200 import ListCreditEntriesResponse200
from .list_credit_entries_response_200_data_item import (
    ListCreditEntriesResponse200DataItem,
)
from .list_credit_entries_response_200_data_item_reason import (
    ListCreditEntriesResponse200DataItemReason,
)
from .list_credit_entries_response_200_mode import ListCreditEntriesResponse200Mode
from .list_document_types_response_200 import ListDocumentTypesResponse200
from .list_document_types_response_200_data_item import (
    ListDocumentTypesResponse200DataItem,
)
from .list_extractions_mode import ListExtractionsMode
from .list_extractions_status import ListExtractionsStatus
from .list_invoices_status import ListInvoicesStatus
from .list_liveness_checks_mode import ListLivenessChecksMode
from .list_sessions_response_200 import ListSessionsResponse200
from .list_verifications_mode import ListVerificationsMode
from .list_verifications_response_200 import ListVerificationsResponse200
from .list_verifications_status import ListVerificationsStatus
from .list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from .list_webhook_endpoints_response_200 import ListWebhookEndpointsResponse200
from .liveness_check import LivenessCheck
from .liveness_check_attack_type import LivenessCheckAttackType
from .liveness_check_face_match import LivenessCheckFaceMatch
from .liveness_check_page import LivenessCheckPage
from .mrz import MRZ
from .mrz_checks import MRZChecks
from .mrz_corrections_item import MRZCorrectionsItem
from .mrz_corrections_item_kind import MRZCorrectionsItemKind
from .mrz_format import MRZFormat
from .open_billing_return_page_outcome import OpenBillingReturnPageOutcome
from .problem import Problem
from .problem_extensions import ProblemExtensions
from .profile import Profile
from .receive_billing_notification_body import ReceiveBillingNotificationBody
from .receive_billing_notification_body_type import ReceiveBillingNotificationBodyType
from .receive_billing_notification_response_200 import (
    ReceiveBillingNotificationResponse200,
)
from .recover_webhook_deliveries_body import RecoverWebhookDeliveriesBody
from .recover_webhook_deliveries_response_202 import RecoverWebhookDeliveriesResponse202
from .request_password_reset_body import RequestPasswordResetBody
from .request_password_reset_response_202 import RequestPasswordResetResponse202
from .request_password_reset_response_202_status import (
    RequestPasswordResetResponse202Status,
)
from .resend_verification_email_body import ResendVerificationEmailBody
from .resend_verification_email_response_202 import ResendVerificationEmailResponse202
from .resend_verification_email_response_202_status import (
    ResendVerificationEmailResponse202Status,
)
from .reset_password_body import ResetPasswordBody
from .session import Session
from .test_event import TestEvent
from .test_event_data import TestEventData
from .test_event_event import TestEventEvent
from .test_usage import TestUsage
from .test_usage_mode import TestUsageMode
from .token import Token
from .token_token_type import TokenTokenType
from .upload import Upload
from .upload_handoff_form_body import UploadHandoffFormBody
from .upload_headers import UploadHeaders
from .upload_method import UploadMethod
from .upload_request import UploadRequest
from .user import User
from .verification import Verification
from .verification_applicant import VerificationApplicant
from .verification_check import VerificationCheck
from .verification_check_group import VerificationCheckGroup
from .verification_check_result import VerificationCheckResult
from .verification_decision import VerificationDecision
from .verification_policy import VerificationPolicy
from .verification_request import VerificationRequest
from .verification_request_document import VerificationRequestDocument
from .verification_request_selfie import VerificationRequestSelfie
from .verification_status import VerificationStatus
from .verify_email_body import VerifyEmailBody
from .webhook_event import WebhookEvent
from .zone_agreement import ZoneAgreement

__all__ = (
    "MRZ",
    "AdminUser",
    "AdminUserRole",
    "Attempt",
    "AttemptErrorClass",
    "Batch",
    "BatchPage",
    "BatchPageDataItem",
    "BatchPageDataItemStatus",
    "BatchRequest",
    "BatchRequestDocumentsItem",
    "BatchStatus",
    "BatchView",
    "ChangePasswordBody",
    "ChangeUserPlanBody",
    "ChangeUserPlanResponse202",
    "CheckDigit",
    "CheckDigitReason",
    "CreateBatchFilesBody",
    "CreateExtractionFilesBody",
    "CreateFaceMatchBody",
    "CreateFaceMatchResponse200",
    "CreateLivenessCheckFilesBody",
    "CreateLivenessCheckJsonBody",
    "CreateLivenessCheckResponse200",
    "CreateLivenessCheckResponse200AttackType",
    "CreateLivenessCheckResponse200FaceMatch",
    "CreateVerificationFilesBody",
    "CreateVerificationFilesBodyPolicy",
    "CreateVerificationResponse202",
    "CreateVerificationResponse202Status",
    "Credentials",
    "DateField",
    "Delivery",
    "DeliveryPage",
    "DeliveryStatus",
    "DetectedFace",
    "DetectedFaceBox",
    "DocumentType",
    "Endpoint",
    "EndpointRequest",
    "EndpointRequestMode",
    "ExtractAccepted",
    "ExtractAcceptedStatus",
    "ExtractRequest",
    "ExtractedData",
    "ExtractedDataCategories",
    "ExtractedDataCategoriesValueItem",
    "ExtractedDataEngine",
    "ExtractedDataRotationApplied",
    "ExtractedDataSex",
    "ExtractedDataSexValue",
    "Extraction",
    "ExtractionError",
    "ExtractionEvent",
    "ExtractionEventData",
    "ExtractionEventDataStatus",
    "ExtractionEventEvent",
    "ExtractionPage",
    "ExtractionResult",
    "ExtractionStatus",
    "Field",
    "FieldSource",
    "FileType",
    "FindUsersResponse200",
    "GetCurrentUserMode",
    "GetExtractionDocumentResponse200",
    "GetExtractionDocumentResponse200ContentType",
    "GetOpenApiDocumentResponse200",
    "GrantCreditsBody",
    "HandoffConsumed",
    "HandoffConsumedFile",
    "HandoffConsumedStatus",
    "HandoffFileType",
    "HandoffSession",
    "HandoffSessionStatus",
    "HandoffStartRequest",
    "HandoffStarted",
    "HandoffStartedStatus",
    "HandoffState",
    "HandoffStatus",
    "HandoffUpload",
    "HandoffUploadFields",
    "HandoffUploadMethod",
    "Health",
    "HealthStatus",
    "ImageQuality",
    "ImageQualityReasonsItem",
    "ImageQualityStatus",
    "Invoice",
    "InvoiceStatus",
    "Key",
    "KeyMode",
    "KeyPrefix",
    "KeyRequest",
    "KeyRequestMode",
    "KeyStatus",
    "ListApiKeysResponse200",
    "ListBatchesMode",
    "ListCreditEntriesMode",
    "ListCreditEntriesResponse200",
    "ListCreditEntriesResponse200DataItem",
    "ListCreditEntriesResponse200DataItemReason",
    "ListCreditEntriesResponse200Mode",
    "ListDocumentTypesResponse200",
    "ListDocumentTypesResponse200DataItem",
    "ListExtractionsMode",
    "ListExtractionsStatus",
    "ListInvoicesStatus",
    "ListLivenessChecksMode",
    "ListSessionsResponse200",
    "ListVerificationsMode",
    "ListVerificationsResponse200",
    "ListVerificationsStatus",
    "ListWebhookDeliveriesStatus",
    "ListWebhookEndpointsResponse200",
    "LivenessCheck",
    "LivenessCheckAttackType",
    "LivenessCheckFaceMatch",
    "LivenessCheckPage",
    "MRZChecks",
    "MRZCorrectionsItem",
    "MRZCorrectionsItemKind",
    "MRZFormat",
    "OpenBillingReturnPageOutcome",
    "Problem",
    "ProblemExtensions",
    "Profile",
    "ReceiveBillingNotificationBody",
    "ReceiveBillingNotificationBodyType",
    "ReceiveBillingNotificationResponse200",
    "RecoverWebhookDeliveriesBody",
    "RecoverWebhookDeliveriesResponse202",
    "RequestPasswordResetBody",
    "RequestPasswordResetResponse202",
    "RequestPasswordResetResponse202Status",
    "ResendVerificationEmailBody",
    "ResendVerificationEmailResponse202",
    "ResendVerificationEmailResponse202Status",
    "ResetPasswordBody",
    "Session",
    "TestEvent",
    "TestEventData",
    "TestEventEvent",
    "TestUsage",
    "TestUsageMode",
    "Token",
    "TokenTokenType",
    "Upload",
    "UploadHandoffFormBody",
    "UploadHeaders",
    "UploadMethod",
    "UploadRequest",
    "User",
    "Verification",
    "VerificationApplicant",
    "VerificationCheck",
    "VerificationCheckGroup",
    "VerificationCheckResult",
    "VerificationDecision",
    "VerificationPolicy",
    "VerificationRequest",
    "VerificationRequestDocument",
    "VerificationRequestSelfie",
    "VerificationStatus",
    "VerifyEmailBody",
    "WebhookEvent",
    "ZoneAgreement",
)
