/**
 * Commonly breached passwords (from public breach frequency lists), lower case. Most are shorter
 * than the policy's minimum and fail on length already; they are kept so the list stays one honest
 * "top of the breach lists" rather than a curated few, and so a shorter minimum could not let them in.
 */
export const breachedPasswords: ReadonlySet<string> = new Set(
  `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor
matrix welcome welcome1 password1 password123 p@ssw0rd passw0rd admin admin123 administrator root
changeme letmein123 qwerty123 qwerty1234 iloveyou1 abc12345 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx
monkey123 dragon123 football1 baseball1 superman1 sunshine1 princess1 welcome123 admin1234 test1234
testtest guest123 default 1234qwer qwer1234 asdf1234 zxcv1234 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
password1234 password12345 password123456 passwordpassword qwertyuiop123 qwertyuiop1234
123456789012 1234567890123 12345678901234 123456123456 111111111111 000000000000 123123123123
abcdefghijkl abc123abc123 iloveyou1234 iloveyouiloveyou welcome12345 welcome123456 letmeinletmein
changeme1234 changemeplease administrator1 administrator123 admin12345678 adminadminadmin
qwertyqwerty qwerty123456 asdfghjkl123 asdfghjkl1234 zxcvbnm123456 1qaz2wsx3edc 1qaz2wsx3edc4rfv
zaq1xsw2cde3 qazwsxedcrfv qazwsxedc123 football1234 baseball1234 superman1234 batman123456
sunshine1234 princess1234 trustno1trustno1 starwars1234 dragon123456 monkey123456 shadow123456
master123456 michael12345 jennifer1234 charlie12345 computer1234 internet1234 samsung12345
correcthorsebatterystaple passw0rd1234 p@ssw0rd1234 p@ssword1234
summer2024!! winter2024!! spring2024!! autumn2024!! password2024 password2025 password2026
inspectra123 inspectra1234 welcome2inspectra letmein12345 secret123456 mypassword123
`
    .split(/\s+/)
    .filter(Boolean),
);
