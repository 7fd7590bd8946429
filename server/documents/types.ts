/** booking_document_data() (20261128010100_booking_documents.sql): amounts are exact decimal text. */
export interface BookingDocumentData {
  /** The company's date today, yyyy-mm-dd. */
  today: string;
  company: {
    name: string;
    tagline: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    logo_url: string | null;
    primary_color: string;
  };
  bank: {
    bank_name: string;
    account_name: string;
    account_number: string;
    swift_code: string | null;
    branch: string | null;
    currency: string;
  } | null;
  booking: {
    id: string;
    reference: string;
    status: string;
    currency: string;
    booked_on: string;
    adults: number;
    children: number;
    travelers: string[];
    client: { name: string | null; email: string | null; phone: string | null };
  };
  tour: { title: string };
  departure: { start_date: string; end_date: string } | null;
  lines: { label: string; quantity: number; unit_price: string; amount: string }[];
  total: string;
  paid: string;
  balance: string;
  deposit_due: string;
  balance_due: string;
  balance_due_date: string | null;
  pay_in_full: boolean;
  payments: { id: string; amount: string; currency: string; method: string; paid_on: string; reference: string | null }[];
}

/** booking_invoice(): the data and the invoice's number. */
export interface InvoiceData extends BookingDocumentData {
  invoice: { number: string; issued_on: string };
}

/** booking_receipt(): the data and the payment the receipt is for. */
export interface ReceiptData extends BookingDocumentData {
  receipt: {
    number: string;
    payment_id: string;
    amount: string;
    currency: string;
    method: string;
    paid_on: string;
    reference: string | null;
    paid_to_date: string;
    left_to_pay: string;
  };
}

/** booking_refund_note(): the data and the refunded payment the note is for. */
export interface RefundNoteData extends BookingDocumentData {
  refund: {
    number: string;
    payment_id: string;
    amount: string;
    currency: string;
    /** How the money went back (refund_method). */
    method: string;
    /** The day it was sent, in the company's calendar. */
    refunded_on: string;
    reference: string | null;
    /** The account as this refund left it. */
    paid_to_date: string;
    refunded_to_date: string;
    left_to_pay: string;
  };
}

/** The company's logo, when the branding has one the PDF can embed (PNG or JPEG). */
export interface Logo {
  kind: 'png' | 'jpg';
  bytes: Uint8Array;
}
