"""Contains all the data models used in inputs/outputs"""

from .attempt import Attempt
from .attempt_error_class import AttemptErrorClass
from .batch import Batch
from .batch_page import BatchPage
from .batch_page_data_item import BatchPageDataItem
from .batch_request import BatchRequest
from .batch_request_documents_item import BatchRequestDocumentsItem
from .batch_status import BatchStatus
from .batch_view import BatchView
from .check_digit import CheckDigit
from .check_digit_reason import CheckDigitReason
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
from .get_v1_api_keys_response_200 import GetV1ApiKeysResponse200
from .get_v1_auth_sessions_response_200 import GetV1AuthSessionsResponse200
from .get_v1_batches_mode import GetV1BatchesMode
from .get_v1_billing_credits_response_200 import GetV1BillingCreditsResponse200
from .get_v1_billing_credits_response_200_data_item import (
    GetV1BillingCreditsResponse200DataItem,
)
from .get_v1_billing_credits_response_200_data_item_reason import (
    GetV1BillingCreditsResponse200DataItemReason,
)
from .get_v1_billing_credits_response_200_mode import GetV1BillingCreditsResponse200Mode
from .get_v1_billing_invoices_status import GetV1BillingInvoicesStatus
from .get_v1_billing_return_outcome import GetV1BillingReturnOutcome
from .get_v1_document_types_response_200 import GetV1DocumentTypesResponse200
from .get_v1_document_types_response_200_data_item import (
    GetV1DocumentTypesResponse200DataItem,
)
from .get_v1_extractions_extraction_id_document_response_200 import (
    GetV1ExtractionsExtractionIdDocumentResponse200,
)
from .get_v1_extractions_extraction_id_document_response_200_content_type import (
    GetV1ExtractionsExtractionIdDocumentResponse200ContentType,
)
from .get_v1_extractions_mode import GetV1ExtractionsMode
from .get_v1_extractions_status import GetV1ExtractionsStatus
from .get_v1_liveness_checks_mode import GetV1LivenessChecksMode
from .get_v1_openapi_json_response_200 import GetV1OpenapiJsonResponse200
from .get_v1_webhooks_id_deliveries_status import GetV1WebhooksIdDeliveriesStatus
from .get_v1_webhooks_response_200 import GetV1WebhooksResponse200
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
from .liveness_check import LivenessCheck
from .liveness_check_attack_type import LivenessCheckAttackType
from .liveness_check_face_match import LivenessCheckFaceMatch
from .liveness_check_page import LivenessCheckPage
from .mrz import MRZ
from .mrz_checks import MRZChecks
from .mrz_corrections_item import MRZCorrectionsItem
from .mrz_corrections_item_kind import MRZCorrectionsItemKind
from .mrz_format import MRZFormat
from .post_v1_admin_users_user_id_plan_body import PostV1AdminUsersUserIdPlanBody
from .post_v1_admin_users_user_id_plan_response_202 import (
    PostV1AdminUsersUserIdPlanResponse202,
)
from .post_v1_auth_password_body import PostV1AuthPasswordBody
from .post_v1_auth_password_reset_body import PostV1AuthPasswordResetBody
from .post_v1_auth_password_reset_request_body import PostV1AuthPasswordResetRequestBody
from .post_v1_auth_password_reset_request_response_202 import (
    PostV1AuthPasswordResetRequestResponse202,
)
from .post_v1_auth_password_reset_request_response_202_status import (
    PostV1AuthPasswordResetRequestResponse202Status,
)
from .post_v1_auth_resend_verification_body import PostV1AuthResendVerificationBody
from .post_v1_auth_resend_verification_response_202 import (
    PostV1AuthResendVerificationResponse202,
)
from .post_v1_auth_resend_verification_response_202_status import (
    PostV1AuthResendVerificationResponse202Status,
)
from .post_v1_auth_verify_email_body import PostV1AuthVerifyEmailBody
from .post_v1_batches_files_body import PostV1BatchesFilesBody
from .post_v1_billing_webhook_body import PostV1BillingWebhookBody
from .post_v1_billing_webhook_body_type import PostV1BillingWebhookBodyType
from .post_v1_billing_webhook_response_200 import PostV1BillingWebhookResponse200
from .post_v1_extract_async_files_body import PostV1ExtractAsyncFilesBody
from .post_v1_face_match_body import PostV1FaceMatchBody
from .post_v1_face_match_response_200 import PostV1FaceMatchResponse200
from .post_v1_liveness_check_files_body import PostV1LivenessCheckFilesBody
from .post_v1_liveness_check_json_body import PostV1LivenessCheckJsonBody
from .post_v1_liveness_check_response_200 import PostV1LivenessCheckResponse200
from .post_v1_liveness_check_response_200_attack_type import (
    PostV1LivenessCheckResponse200AttackType,
)
from .post_v1_liveness_check_response_200_face_match import (
    PostV1LivenessCheckResponse200FaceMatch,
)
from .post_v1_mobile_handoff_upload_session_id_body import (
    PostV1MobileHandoffUploadSessionIdBody,
)
from .post_v1_webhooks_id_recover_body import PostV1WebhooksIdRecoverBody
from .post_v1_webhooks_id_recover_response_202 import PostV1WebhooksIdRecoverResponse202
from .problem import Problem
from .problem_extensions import ProblemExtensions
from .profile import Profile
from .session import Session
from .test_event import TestEvent
from .test_event_data import TestEventData
from .test_event_event import TestEventEvent
from .test_usage import TestUsage
from .test_usage_mode import TestUsageMode
from .token import Token
from .token_token_type import TokenTokenType
from .upload import Upload
from .upload_headers import UploadHeaders
from .upload_method import UploadMethod
from .upload_request import UploadRequest
from .user import User
from .webhook_event import WebhookEvent
from .zone_agreement import ZoneAgreement

__all__ = (
    "MRZ",
    "Attempt",
    "AttemptErrorClass",
    "Batch",
    "BatchPage",
    "BatchPageDataItem",
    "BatchRequest",
    "BatchRequestDocumentsItem",
    "BatchStatus",
    "BatchView",
    "CheckDigit",
    "CheckDigitReason",
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
    "GetV1ApiKeysResponse200",
    "GetV1AuthSessionsResponse200",
    "GetV1BatchesMode",
    "GetV1BillingCreditsResponse200",
    "GetV1BillingCreditsResponse200DataItem",
    "GetV1BillingCreditsResponse200DataItemReason",
    "GetV1BillingCreditsResponse200Mode",
    "GetV1BillingInvoicesStatus",
    "GetV1BillingReturnOutcome",
    "GetV1DocumentTypesResponse200",
    "GetV1DocumentTypesResponse200DataItem",
    "GetV1ExtractionsExtractionIdDocumentResponse200",
    "GetV1ExtractionsExtractionIdDocumentResponse200ContentType",
    "GetV1ExtractionsMode",
    "GetV1ExtractionsStatus",
    "GetV1LivenessChecksMode",
    "GetV1OpenapiJsonResponse200",
    "GetV1WebhooksIdDeliveriesStatus",
    "GetV1WebhooksResponse200",
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
    "LivenessCheck",
    "LivenessCheckAttackType",
    "LivenessCheckFaceMatch",
    "LivenessCheckPage",
    "MRZChecks",
    "MRZCorrectionsItem",
    "MRZCorrectionsItemKind",
    "MRZFormat",
    "PostV1AdminUsersUserIdPlanBody",
    "PostV1AdminUsersUserIdPlanResponse202",
    "PostV1AuthPasswordBody",
    "PostV1AuthPasswordResetBody",
    "PostV1AuthPasswordResetRequestBody",
    "PostV1AuthPasswordResetRequestResponse202",
    "PostV1AuthPasswordResetRequestResponse202Status",
    "PostV1AuthResendVerificationBody",
    "PostV1AuthResendVerificationResponse202",
    "PostV1AuthResendVerificationResponse202Status",
    "PostV1AuthVerifyEmailBody",
    "PostV1BatchesFilesBody",
    "PostV1BillingWebhookBody",
    "PostV1BillingWebhookBodyType",
    "PostV1BillingWebhookResponse200",
    "PostV1ExtractAsyncFilesBody",
    "PostV1FaceMatchBody",
    "PostV1FaceMatchResponse200",
    "PostV1LivenessCheckFilesBody",
    "PostV1LivenessCheckJsonBody",
    "PostV1LivenessCheckResponse200",
    "PostV1LivenessCheckResponse200AttackType",
    "PostV1LivenessCheckResponse200FaceMatch",
    "PostV1MobileHandoffUploadSessionIdBody",
    "PostV1WebhooksIdRecoverBody",
    "PostV1WebhooksIdRecoverResponse202",
    "Problem",
    "ProblemExtensions",
    "Profile",
    "Session",
    "TestEvent",
    "TestEventData",
    "TestEventEvent",
    "TestUsage",
    "TestUsageMode",
    "Token",
    "TokenTokenType",
    "Upload",
    "UploadHeaders",
    "UploadMethod",
    "UploadRequest",
    "User",
    "WebhookEvent",
    "ZoneAgreement",
)
