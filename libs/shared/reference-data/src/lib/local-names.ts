/**
 * The names of reference-data's entries (diseases, drugs, departments, positions) in each
 * language but English, by id: Thai as Thai hospitals write them for patients (diseases by
 * their Thai names, Ministry of Public Health usage; drugs by their generic names in Thai
 * script). A module of their own, so that an English page carries none: a browser gets them in
 * the Thai packs of the pages that show them (@portal/i18n, lib/packs.ts PACK_LOCAL_NAMES),
 * which register them ({@link addLocalNames}); the tests and Node code register them
 * themselves.
 */
export const LOCAL_NAMES: { readonly th: Readonly<Record<string, string>> } = {
  th: {
    I001: 'โรคติดเชื้อนิวโมคอคคัส',
    I002: 'วัณโรค',
    I003: 'ไวรัสตับอักเสบบี',
    I004: 'มาลาเรีย',
    I005: 'ไข้เลือดออก',
    I006: 'หัด',
    I007: 'ไข้หวัดใหญ่',
    I008: 'อหิวาตกโรค',
    I009: 'ไข้ไทฟอยด์',
    I010: 'โรคพิษสุนัขบ้า',
    I011: 'เยื่อหุ้มสมองอักเสบ',
    R001: 'ยาต้านแบคทีเรีย',
    R002: 'พาราเซตามอล',
    R003: 'อะม็อกซีซิลลิน',
    R004: 'ไอบูโพรเฟน',
    R005: 'อะซิโทรมัยซิน',
    R006: 'ซิโปรฟลอกซาซิน',
    R007: 'เมตฟอร์มิน',
    R008: 'โอเมพราโซล',
    R009: 'อะทอร์วาสแตติน',
    R010: 'อินซูลิน',
    R011: 'ลิซิโนพริล',
    D001: 'อายุรกรรม',
    D002: 'การพยาบาล',
    D003: 'เภสัชกรรม',
    D004: 'รังสีวิทยา',
    D005: 'ห้องปฏิบัติการ',
    D006: 'เวชศาสตร์ฟื้นฟู',
    D007: 'บริการผู้ป่วย',
    D008: 'การเงิน',
    D009: 'เทคโนโลยีสารสนเทศ',
    D010: 'ทรัพยากรบุคคล',
    P001: 'แพทย์',
    P002: 'พยาบาล',
    P003: 'เภสัชกร',
    P004: 'นักรังสีการแพทย์',
    P005: 'นักเทคนิคการแพทย์',
    P006: 'นักกายภาพบำบัด',
    P007: 'เจ้าหน้าที่ต้อนรับ',
    P008: 'นักบัญชี',
    P009: 'นักวิชาการคอมพิวเตอร์',
    P010: 'พนักงานเปล',
    P011: 'เจ้าหน้าที่ทรัพยากรบุคคล',
  },
};
