"""Contains all the data models used in inputs/outputs"""

from .attempt import Attempt
from .attempt_error_class import AttemptErrorClass
from .auto_contract import AutoContract
from .auto_request import AutoRequest
from .contract_page import ContractPage
from .contract_status import ContractStatus
from .contract_status_issuance_type_0 import ContractStatusIssuanceType0
from .contract_status_issuance_type_0_liens import ContractStatusIssuanceType0Liens
from .contract_status_product import ContractStatusProduct
from .contract_status_value import ContractStatusValue
from .created import Created
from .delivery import Delivery
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .get_api_v1_admin_contracts_requests_contract_status import (
    GetApiV1AdminContractsRequestsContractStatus,
)
from .get_api_v1_admin_partners_partner_id_keys_response_200 import (
    GetApiV1AdminPartnersPartnerIdKeysResponse200,
)
from .get_api_v1_openapi_json_response_200 import GetApiV1OpenapiJsonResponse200
from .get_api_v1_partner_contracts_requests_contract_status import (
    GetApiV1PartnerContractsRequestsContractStatus,
)
from .get_api_v1_partner_contracts_requests_product import (
    GetApiV1PartnerContractsRequestsProduct,
)
from .get_api_v1_partners_me_keys_response_200 import GetApiV1PartnersMeKeysResponse200
from .get_api_v1_partners_me_webhook_changes_response_200 import (
    GetApiV1PartnersMeWebhookChangesResponse200,
)
from .get_api_v1_partners_me_webhook_changes_response_200_data_item import (
    GetApiV1PartnersMeWebhookChangesResponse200DataItem,
)
from .get_api_v1_partners_me_webhook_changes_response_200_data_item_by import (
    GetApiV1PartnersMeWebhookChangesResponse200DataItemBy,
)
from .get_api_v1_partners_me_webhook_changes_response_200_data_item_by_role import (
    GetApiV1PartnersMeWebhookChangesResponse200DataItemByRole,
)
from .get_api_v1_partners_me_webhook_changes_response_200_data_item_by_type import (
    GetApiV1PartnersMeWebhookChangesResponse200DataItemByType,
)
from .get_api_v1_partners_me_webhook_deliveries_status import (
    GetApiV1PartnersMeWebhookDeliveriesStatus,
)
from .get_api_v1_partners_me_webhook_response_200 import (
    GetApiV1PartnersMeWebhookResponse200,
)
from .health import Health
from .health_status import HealthStatus
from .issuance_failed_event import IssuanceFailedEvent
from .issuance_failed_event_data import IssuanceFailedEventData
from .issuance_failed_event_data_issuance_status import (
    IssuanceFailedEventDataIssuanceStatus,
)
from .issuance_failed_event_event import IssuanceFailedEventEvent
from .issuance_failed_event_payment_status import IssuanceFailedEventPaymentStatus
from .issued_event import IssuedEvent
from .issued_event_data import IssuedEventData
from .issued_event_data_liens import IssuedEventDataLiens
from .issued_event_data_status import IssuedEventDataStatus
from .issued_event_event import IssuedEventEvent
from .issued_event_payment_status import IssuedEventPaymentStatus
from .key import Key
from .key_status import KeyStatus
from .partner import Partner
from .partner_environment import PartnerEnvironment
from .partner_page import PartnerPage
from .patch_api_v1_partners_me_webhook_response_200 import (
    PatchApiV1PartnersMeWebhookResponse200,
)
from .patch_api_v1_partners_partner_id_webhook_response_200 import (
    PatchApiV1PartnersPartnerIdWebhookResponse200,
)
from .payment import Payment
from .payment_notification import PaymentNotification
from .payment_notification_type import PaymentNotificationType
from .payment_with_status import PaymentWithStatus
from .payment_with_status_status import PaymentWithStatusStatus
from .post_api_v1_admin_partners_body import PostApiV1AdminPartnersBody
from .post_api_v1_contracts_auto_classic_body import PostApiV1ContractsAutoClassicBody
from .post_api_v1_partners_me_webhook_recover_body import (
    PostApiV1PartnersMeWebhookRecoverBody,
)
from .post_api_v1_partners_me_webhook_recover_response_202 import (
    PostApiV1PartnersMeWebhookRecoverResponse202,
)
from .post_api_v1_webhooks_payment_response_200 import (
    PostApiV1WebhooksPaymentResponse200,
)
from .pricing import Pricing
from .problem import Problem
from .problem_extensions import ProblemExtensions
from .reference_list import ReferenceList
from .reference_list_data_item import ReferenceListDataItem
from .voyage_contract import VoyageContract
from .voyage_request import VoyageRequest
from .webhook_update import WebhookUpdate

__all__ = (
    "Attempt",
    "AttemptErrorClass",
    "AutoContract",
    "AutoRequest",
    "ContractPage",
    "ContractStatus",
    "ContractStatusIssuanceType0",
    "ContractStatusIssuanceType0Liens",
    "ContractStatusProduct",
    "ContractStatusValue",
    "Created",
    "Delivery",
    "DeliveryPage",
    "DeliveryStatus",
    "GetApiV1AdminContractsRequestsContractStatus",
    "GetApiV1AdminPartnersPartnerIdKeysResponse200",
    "GetApiV1OpenapiJsonResponse200",
    "GetApiV1PartnerContractsRequestsContractStatus",
    "GetApiV1PartnerContractsRequestsProduct",
    "GetApiV1PartnersMeKeysResponse200",
    "GetApiV1PartnersMeWebhookChangesResponse200",
    "GetApiV1PartnersMeWebhookChangesResponse200DataItem",
    "GetApiV1PartnersMeWebhookChangesResponse200DataItemBy",
    "GetApiV1PartnersMeWebhookChangesResponse200DataItemByRole",
    "GetApiV1PartnersMeWebhookChangesResponse200DataItemByType",
    "GetApiV1PartnersMeWebhookDeliveriesStatus",
    "GetApiV1PartnersMeWebhookResponse200",
    "Health",
    "HealthStatus",
    "IssuanceFailedEvent",
    "IssuanceFailedEventData",
    "IssuanceFailedEventDataIssuanceStatus",
    "IssuanceFailedEventEvent",
    "IssuanceFailedEventPaymentStatus",
    "IssuedEvent",
    "IssuedEventData",
    "IssuedEventDataLiens",
    "IssuedEventDataStatus",
    "IssuedEventEvent",
    "IssuedEventPaymentStatus",
    "Key",
    "KeyStatus",
    "Partner",
    "PartnerEnvironment",
    "PartnerPage",
    "PatchApiV1PartnersMeWebhookResponse200",
    "PatchApiV1PartnersPartnerIdWebhookResponse200",
    "Payment",
    "PaymentNotification",
    "PaymentNotificationType",
    "PaymentWithStatus",
    "PaymentWithStatusStatus",
    "PostApiV1AdminPartnersBody",
    "PostApiV1ContractsAutoClassicBody",
    "PostApiV1PartnersMeWebhookRecoverBody",
    "PostApiV1PartnersMeWebhookRecoverResponse202",
    "PostApiV1WebhooksPaymentResponse200",
    "Pricing",
    "Problem",
    "ProblemExtensions",
    "ReferenceList",
    "ReferenceListDataItem",
    "VoyageContract",
    "VoyageRequest",
    "WebhookUpdate",
)
