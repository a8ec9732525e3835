// Package paymentgateway speaks a real payment gateway's protocol over HTTPS: it opens payment
// links (Client) and reads the signed notifications the gateway posts back (ReadNotification).
package paymentgateway
