// Package paymentgateway speaks a real payment gateway's protocol over HTTPS: it opens payment
// links (Client). The signed notifications the gateway posts back are read where they are received
// (guard.PaymentNotification).
package paymentgateway
