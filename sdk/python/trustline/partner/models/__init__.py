"""Contains all the data models used in inputs/outputs"""

from .attempt import Attempt
from .attempt_error_class import AttemptErrorClass
from .auto_contract import AutoContract
from .auto_request import AutoRequest
from .contract_page import ContractPage
from .contract_status import ContractStatus
from .contract_status_history_item import ContractStatusHistoryItem
from .contract_status_history_item_step import ContractStatusHistoryItemStep
from .contract_status_issuance_type_0 import ContractStatusIssuanceType0
from .contract_status_issuance_type_0_liens import ContractStatusIssuanceType0Liens
from .contract_status_product import ContractStatusProduct
from .contract_status_value import ContractStatusValue
from .create_auto_contract_for_partner_body import CreateAutoContractForPartnerBody
from .create_partner_body import CreatePartnerBody
from .created import Created
from .delivery import Delivery
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .get_open_api_document_response_200 import GetOpenApiDocumentResponse200
from .get_webhook_response_200 import GetWebhookResponse200
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
from .list_all_contract_requests_contract_status import (
    ListAllContractRequestsContractStatus,
)
from .list_contract_requests_contract_status import ListContractRequestsContractStatus
from .list_contract_requests_product import ListContractRequestsProduct
from .list_keys_response_200 import ListKeysResponse200
from .list_partner_keys_response_200 import ListPartnerKeysResponse200
from .list_webhook_changes_response_200 import ListWebhookChangesResponse200
from .list_webhook_changes_response_200_data_item import (
    ListWebhookChangesResponse200DataItem,
)
from .list_webhook_changes_response_200_data_item_by import (
    ListWebhookChangesResponse200DataItemBy,
)
from .list_webhook_changes_response_200_data_item_by_role import (
    ListWebhookChangesResponse200DataItemByRole,
)
from .list_webhook_changes_response_200_data_item_by_type import (
    ListWebhookChangesResponse200DataItemByType,
)
from .list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from .partner import Partner
from .partner_environment import PartnerEnvironment
from .partner_page import PartnerPage
from .payment import Payment
from .payment_notification import PaymentNotification
from .payment_notification_type import PaymentNotificationType
from .payment_with_status import PaymentWithStatus
from .payment_with_status_status import PaymentWithStatusStatus
from .pricing import Pricing
from .problem import Problem
from .problem_extensions import ProblemExtensions
from .receive_payment_notification_response_200 import (
    ReceivePaymentNotificationResponse200,
)
from .recover_webhook_deliveries_body import RecoverWebhookDeliveriesBody
from .recover_webhook_deliveries_response_202 import RecoverWebhookDeliveriesResponse202
from .reference_list import ReferenceList
from .reference_list_data_item import ReferenceListDataItem
from .update_partner_webhook_response_200 import UpdatePartnerWebhookResponse200
from .update_webhook_response_200 import UpdateWebhookResponse200
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
    "ContractStatusHistoryItem",
    "ContractStatusHistoryItemStep",
    "ContractStatusIssuanceType0",
    "ContractStatusIssuanceType0Liens",
    "ContractStatusProduct",
    "ContractStatusValue",
    "CreateAutoContractForPartnerBody",
    "CreatePartnerBody",
    "Created",
    "Delivery",
    "DeliveryPage",
    "DeliveryStatus",
    "GetOpenApiDocumentResponse200",
    "GetWebhookResponse200",
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
    "ListAllContractRequestsContractStatus",
    "ListContractRequestsContractStatus",
    "ListContractRequestsProduct",
    "ListKeysResponse200",
    "ListPartnerKeysResponse200",
    "ListWebhookChangesResponse200",
    "ListWebhookChangesResponse200DataItem",
    "ListWebhookChangesResponse200DataItemBy",
    "ListWebhookChangesResponse200DataItemByRole",
    "ListWebhookChangesResponse200DataItemByType",
    "ListWebhookDeliveriesStatus",
    "Partner",
    "PartnerEnvironment",
    "PartnerPage",
    "Payment",
    "PaymentNotification",
    "PaymentNotificationType",
    "PaymentWithStatus",
    "PaymentWithStatusStatus",
    "Pricing",
    "Problem",
    "ProblemExtensions",
    "ReceivePaymentNotificationResponse200",
    "RecoverWebhookDeliveriesBody",
    "RecoverWebhookDeliveriesResponse202",
    "ReferenceList",
    "ReferenceListDataItem",
    "UpdatePartnerWebhookResponse200",
    "UpdateWebhookResponse200",
    "VoyageContract",
    "VoyageRequest",
    "WebhookUpdate",
)
