(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6f.js"]={"yode":"}oa;","yon":"}oa/","you":"aca/pb0$$$$$$$$$$$$$$$$$$$$$$$$$$$li/~/`b;ac/~/oa/pb/pb/~/","your":"asa/bd/"};
